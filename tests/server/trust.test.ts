// Who may do what (docs/who-may-do-what.md): each attack a stranger who knows a customer's e-mail could try,
// and the proofs that do open the portal (the paying browser's cookie, the welcome token, a sign-in link).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { checkouts, clients, devMailbox, emailOutbox, orders, sandboxPortalSessions, signInLinks } from "#server/db/schema";
import { loadConfig, ConfigError } from "#server/config";
import { buildApp, loggerOptions } from "#server/app";
import { openTestDatabase, testDriver } from "./helpers/database";
import { buildTestApp } from "./helpers/app";
import { hmac, seal } from "#server/auth/crypto";
import { signWelcomeToken } from "#server/auth/portal-access";
import { ApiError } from "#server/errors";
import { SANDBOX_PORTAL_MINUTES } from "#server/payments/sandbox";
import { fromSite, buildApiApp, chargeWithoutFulfilment, checkoutBody, checkoutCookie, ORIGIN, openCheckout, payWithCard, signupClient, testClock, type ApiApp, type TestClock } from "./helpers/api";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** An app of its own (its own settings or its own clock to move). */
async function setup(env: Record<string, string> = {}) {
  const built = await buildApiApp({ env });
  cleanups.push(() => built.app.close());
  return built;
}

/** One app for the tests that neither change settings nor move the clock (building one is slow on a busy machine). */
let shared: Awaited<ReturnType<typeof buildApiApp>>;
beforeAll(async () => {
  shared = await buildApiApp();
});
afterAll(() => shared.app.close());
const sharedApp = async () => shared;

const STRANGER = "198.51.100.66";
let addressCounter = 0;
const anotherAddress = () => `203.0.113.${++addressCounter}`;

/** A stranger's request: another client address, no cookie (or the stranger's own). */
function stranger(app: ApiApp, method: "GET" | "POST" | "PUT", url: string, payload?: unknown, cookie?: string) {
  return app.inject({
    method,
    url,
    remoteAddress: STRANGER,
    payload: payload === undefined ? undefined : typeof payload === "string" ? payload : (payload as object),
    headers: { ...(typeof payload === "string" ? { "content-type": "application/json" } : {}), ...fromSite(cookie) },
  });
}

const row = async (app: ApiApp, email: string) => (await app.database.db.select().from(clients).where(eq(clients.email, email)))[0];

/** A customer: signed up and paid in their own browser. */
async function customer(app: ApiApp, clock: TestClock, email: string, overrides: Parameters<typeof signupClient>[1] = {}) {
  const opened = await openCheckout(app, signupClient(clock, { email, ...overrides }), { remoteAddress: anotherAddress() });
  expect((await payWithCard(app, opened.sessionId, "4242424242424242")).statusCode).toBe(303);
  return opened;
}

async function portalSessions(app: ApiApp) {
  return (await app.database.db.select().from(sandboxPortalSessions)).length;
}

/** The messages of the development mailbox to an address, newest first, after the worker has sent what is due. */
async function mailTo(app: ApiApp, email: string) {
  await app.mail.worker.drain();
  return app.database.db.select().from(devMailbox).where(eq(devMailbox.to, email)).orderBy(desc(devMailbox.id));
}

/** The token of the newest portal link e-mailed to an address: the link carries the token and nothing else. */
async function linkToken(app: ApiApp, email: string, kind: "s" | "w", home = "/") {
  const [message] = (await mailTo(app, email)).filter((m) => m.text.includes(`token=${kind}.`));
  const link = new URL(/https?:\/\/\S+token=\S+/.exec(message!.text)![0]);
  // The home page in the customer's language: Spanish under /es/.
  expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}${home}`);
  expect([...link.searchParams.keys()]).toEqual(["token"]);
  return link.searchParams.get("token")!;
}

/** Every web link of an e-mail, in its plain-text part and its HTML part (not mailto: or tel:). */
function linksOf(message: { text: string; html: string }) {
  const text = message.text.match(/https?:\/\/\S+/g) ?? [];
  const html = [...message.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!).filter((href) => /^https?:/.test(href));
  return [...text, ...html];
}

/** The spec's route, with the address (the links e-mailed before the links lost it, and the paying browser). */
const portal = (app: ApiApp, email: string, token?: string, remoteAddress = STRANGER) =>
  app.inject({ url: `/api/payments/create-portal-session/${encodeURIComponent(email)}${token ? `?token=${encodeURIComponent(token)}` : ""}`, remoteAddress });

/** The portal from a token alone (what the e-mailed links open). */
const portalByToken = (app: ApiApp, token: unknown, remoteAddress = STRANGER) =>
  app.inject({ method: "POST", url: "/api/payments/portal-session", payload: { token }, remoteAddress });

/** The provider customer of the portal session a portal link opens. */
async function portalCustomer(app: ApiApp, portalUrl: string) {
  const id = new URL(portalUrl).pathname.split("/").pop()!;
  const [session] = await app.database.db.select().from(sandboxPortalSessions).where(eq(sandboxPortalSessions.id, id));
  return session;
}

describe(`who may do what (${testDriver})`, { timeout: 180_000 }, () => {
  describe("the billing portal", () => {
    it("is never opened by the e-mail alone: a stranger gets { sent: true } for every address and the customer gets a sign-in link", async () => {
      const { app, clock } = await sharedApp();
      await customer(app, clock, "cara@example.com");
      await openCheckout(app, signupClient(clock, { email: "pending@example.com" }), { remoteAddress: anotherAddress() });
      const before = await portalSessions(app);
      const answers = [];
      for (const email of ["cara@example.com", "pending@example.com", "nobody@example.com"]) {
        const response = await portal(app, email);
        answers.push({ status: response.statusCode, body: response.body });
      }
      expect(answers).toEqual(Array(3).fill({ status: 200, body: JSON.stringify({ sent: true }) }));
      expect(await portalSessions(app)).toBe(before);
      // Only the customer gets a message, and it carries a sign-in link, not a portal.
      expect((await mailTo(app, "cara@example.com")).filter((m) => m.text.includes("token=s."))).toHaveLength(1);
      expect(await mailTo(app, "pending@example.com")).toEqual([]);
      expect(await mailTo(app, "nobody@example.com")).toEqual([]);
    });

    it("opens for the browser that paid (its checkout cookie), and for no other browser's cookie", async () => {
      const { app, clock } = await sharedApp();
      const { cookie } = await customer(app, clock, "dan@example.com");
      const mine = await app.inject({ url: "/api/payments/create-portal-session/dan@example.com", headers: fromSite(cookie) });
      expect(mine.json().portal_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
      // A stranger's own checkout cookie proves nothing about Dan.
      const own = await openCheckout(app, signupClient(clock, { email: "eve@example.com" }), { remoteAddress: STRANGER });
      const before = await portalSessions(app);
      expect((await stranger(app, "GET", "/api/payments/create-portal-session/dan@example.com", undefined, own.cookie)).json()).toEqual({ sent: true });
      expect((await stranger(app, "GET", "/api/payments/create-portal-session/dan@example.com", undefined, "ff_checkout=forged-value-0123456789abcdef")).json()).toEqual({ sent: true });
      expect(await portalSessions(app)).toBe(before);
    });

    it("gives the paying browser a new portal link at each ask, so a press long after the page loaded leaves with a live one", async () => {
      // The success page asks on load and again at the press (docs/decisions/017-portal-link-fresh-on-press.md).
      const { app, clock } = await setup();
      const { cookie } = await customer(app, clock, "fay@example.com");
      const ask = async () => (await app.inject({ url: "/api/payments/create-portal-session/fay@example.com", headers: fromSite(cookie) })).json().portal_url as string;
      const onLoad = await ask();
      clock.advanceMinutes(SANDBOX_PORTAL_MINUTES + 1);
      expect((await app.inject(new URL(onLoad).pathname)).statusCode).toBe(410);
      const atPress = await ask();
      expect(atPress).not.toBe(onLoad);
      expect((await app.inject(new URL(atPress).pathname)).statusCode).toBe(200);
    });

    it("sets the checkout cookie httpOnly, SameSite=Lax, for the API only, Secure when the site is https", async () => {
      const { app, clock } = await sharedApp();
      const response = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email: "cookie@example.com" })) });
      const header = String(response.headers["set-cookie"]);
      expect(header).toMatch(/^ff_checkout=[A-Za-z0-9_-]{43}; /);
      expect(header).toContain("HttpOnly");
      expect(header).toContain("SameSite=Lax");
      expect(header).toContain("Path=/api");
      expect(header).not.toContain("Secure");
      // The row keeps only the cookie's hash.
      const value = checkoutCookie(response).split("=")[1]!;
      const stored = await app.database.db.select({ ownerHash: checkouts.ownerHash }).from(checkouts);
      expect(stored.map((r) => r.ownerHash)).not.toContain(value);

      const https = await setup({ PUBLIC_URL: "https://freshfold.example" });
      const secure = await https.app.inject({
        method: "POST",
        url: "/api/payments/create-checkout-session_signup",
        payload: { ...checkoutBody(signupClient(https.clock)), success_url: "https://freshfold.example/payment-success", cancel_url: "https://freshfold.example/payment-canceled" },
      });
      expect(secure.statusCode).toBe(200);
      expect(String(secure.headers["set-cookie"])).toContain("; Secure");
    });
  });

  describe("the sign-in link", () => {
    it("opens the portal once, in the customer's language, for 15 minutes, for its own address only", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "ana@example.com");
      await customer(app, clock, "luis@example.com", { language: "es", name: "Luis" });
      for (const email of ["ana@example.com", "luis@example.com"]) expect((await portal(app, email)).json()).toEqual({ sent: true });

      const signIn = async (email: string) => (await mailTo(app, email)).filter((m) => m.text.includes("token=s."));
      const [english] = await signIn("ana@example.com");
      expect(english!.subject).toBe("Your link to the FreshFold Laundry billing portal");
      expect(english!.text).toContain("It works once, for 15 minutes.");
      expect(english!.html).toContain('<html lang="en">');
      const [spanish] = await signIn("luis@example.com");
      expect(spanish!.subject).toBe("Tu enlace al portal de facturación de FreshFold Laundry");
      expect(spanish!.text).toContain("Hola, Luis");
      expect(spanish!.html).toContain('<html lang="es">');

      const anaToken = await linkToken(app, "ana@example.com", "s");
      const luisToken = await linkToken(app, "luis@example.com", "s", "/es/");
      // Stored only as a hash; the outbox keeps it sealed.
      const tokenValue = anaToken.slice(2);
      const links = await app.database.db.select().from(signInLinks);
      expect(JSON.stringify(links)).not.toContain(tokenValue);
      expect(JSON.stringify(await app.database.db.select().from(emailOutbox))).not.toContain(tokenValue);

      // Another address's token opens nothing (and is not used up by trying).
      expect((await portal(app, "ana@example.com", luisToken)).json()).toEqual({ sent: true });
      // A tampered token opens nothing.
      const tampered = `${anaToken.slice(0, -1)}${anaToken.endsWith("A") ? "B" : "A"}`;
      expect((await portal(app, "ana@example.com", tampered)).json()).toEqual({ sent: true });
      // Its own address: the portal, once.
      const opened = await portal(app, "ana@example.com", anaToken);
      expect(opened.json().portal_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
      expect((await portal(app, "ana@example.com", anaToken)).json()).toEqual({ sent: true });
      // Expired after 15 minutes.
      clock.advanceMinutes(16);
      expect((await portal(app, "luis@example.com", luisToken)).json()).toEqual({ sent: true });
    });

    // The provider failing to make the portal (an outage, a timeout) is the server's failure, not the customer's use
    // of the link: the link stays unused, and the customer's retry opens the portal with it, no second e-mail.
    it("is not used up when the payment provider fails to open the portal: the retry opens it, by either call", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "noor@example.com");
      const providerDown = () => {
        const createPortalSession = app.payments.createPortalSession.bind(app.payments);
        app.payments.createPortalSession = async () => {
          app.payments.createPortalSession = createPortalSession;
          throw new ApiError(502, "payment_provider_error", "The payment provider could not be reached. Please try again.");
        };
      };
      for (const call of [(token: string) => portalByToken(app, token), (token: string) => portal(app, "noor@example.com", token)]) {
        expect((await portal(app, "noor@example.com")).json()).toEqual({ sent: true });
        const token = await linkToken(app, "noor@example.com", "s");
        const signIns = (await mailTo(app, "noor@example.com")).filter((m) => m.text.includes("token=s.")).length;
        providerDown();
        const failed = await call(token);
        expect(failed.statusCode).toBe(502);
        expect(failed.json().error.code).toBe("payment_provider_error");
        const retried = await call(token);
        expect(retried.json().portal_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
        expect((await mailTo(app, "noor@example.com")).filter((m) => m.text.includes("token=s."))).toHaveLength(signIns);
        // Used now: once.
        expect((await call(token)).json()).toEqual({ sent: true });
      }
    });

    // The daily cap counts per client address (decision 010, amended 2026-11-27): a stranger who asks for a
    // customer's links from elsewhere spends their own address's share, never the customer's.
    describe("its daily cap", () => {
      /** /login's call from a client address, with the page's key for the request when given. */
      const request = (app: ApiApp, email: string, remoteAddress: string, requestId?: string) =>
        app.inject({ url: `/api/payments/create-portal-session/${encodeURIComponent(email)}${requestId ? `?requestId=${requestId}` : ""}`, remoteAddress });
      const signIns = async (app: ApiApp, email: string) => (await mailTo(app, email)).filter((m) => m.text.includes("token=s.")).length;
      const neutral = { status: 200, body: JSON.stringify({ sent: true }) };
      const answer = (response: { statusCode: number; body: string }) => ({ status: response.statusCode, body: response.body });

      it("e-mails at most a few links a day to one client address's requests, keys or none, an IPv6 /64 counting as one", async () => {
        const { app, clock } = await setup({ SIGN_IN_LINKS_PER_DAY: "2" });
        await customer(app, clock, "cap@example.com");
        for (const requestId of [undefined, undefined, "k".repeat(32), "l".repeat(32)]) expect(answer(await request(app, "cap@example.com", STRANGER, requestId))).toEqual(neutral);
        expect(await signIns(app, "cap@example.com")).toBe(2);
        // Rotating through one IPv6 block's addresses is one client.
        for (const host of ["1", "2", "3", "ffff"]) expect(answer(await request(app, "cap@example.com", `2001:db8:7:8::${host}`))).toEqual(neutral);
        expect(await signIns(app, "cap@example.com")).toBe(4);
        clock.advanceMinutes(24 * 60 + 1);
        await request(app, "cap@example.com", STRANGER);
        expect(await signIns(app, "cap@example.com")).toBe(5);
      });

      it("does not let a stranger's requests stop the customer's: day after day, the customer's own request still e-mails a link that opens the portal", async () => {
        const { app, clock } = await setup();
        await customer(app, clock, "gil@example.com");
        const home = "192.0.2.10";
        for (let day = 0; day < 2; day++) {
          // The stranger spends a day's links and more (no key, then new keys), and lets them expire unread.
          for (const requestId of [undefined, "m".repeat(32), "n".repeat(31) + day, undefined, "o".repeat(32)]) expect(answer(await request(app, "gil@example.com", STRANGER, requestId))).toEqual(neutral);
          clock.advanceMinutes(16);
          const before = await signIns(app, "gil@example.com");
          // The customer at /login, from home: the same answer, and this time a link in the inbox.
          expect(answer(await request(app, "gil@example.com", home, `${day}`.repeat(32)))).toEqual(neutral);
          expect(await signIns(app, "gil@example.com")).toBe(before + 1);
          const opened = await portalByToken(app, await linkToken(app, "gil@example.com", "s"), home);
          expect(await portalCustomer(app, opened.json().portal_url)).toMatchObject({ customerId: (await row(app, "gil@example.com"))!.providerCustomerId });
          clock.advanceMinutes(24 * 60);
        }
      });

      it("holds an overall ceiling for one customer across every client address, a day at a time", async () => {
        const { app, clock } = await setup({ SIGN_IN_LINKS_PER_DAY: "2" });
        await customer(app, clock, "flood@example.com");
        const addresses = Array.from({ length: 5 }, () => anotherAddress());
        for (const address of addresses) for (let i = 0; i < 2; i++) expect(answer(await request(app, "flood@example.com", address))).toEqual(neutral);
        // Five addresses with two links each would be ten: the ceiling (three addresses' worth) stops at six.
        expect(await signIns(app, "flood@example.com")).toBe(6);
        expect(answer(await request(app, "flood@example.com", anotherAddress()))).toEqual(neutral);
        expect(await signIns(app, "flood@example.com")).toBe(6);
        clock.advanceMinutes(24 * 60 + 1);
        for (const address of addresses) await request(app, "flood@example.com", address);
        expect(await signIns(app, "flood@example.com")).toBe(11);
      });

      it("past the ceiling, still e-mails a link to the requests of an address whose earlier link was used, up to its own cap", async () => {
        const { app, clock } = await setup({ SIGN_IN_LINKS_PER_DAY: "2" });
        await customer(app, clock, "hal@example.com");
        const home = "192.0.2.20";
        // The customer signed in from home yesterday.
        await request(app, "hal@example.com", home);
        expect((await portalByToken(app, await linkToken(app, "hal@example.com", "s"), home)).json().portal_url).toBeTruthy();
        clock.advanceMinutes(24 * 60 + 1);
        // Strangers fill today's ceiling from three addresses.
        for (const address of [anotherAddress(), anotherAddress(), anotherAddress()]) for (let i = 0; i < 2; i++) await request(app, "hal@example.com", address);
        expect(await signIns(app, "hal@example.com")).toBe(1 + 6);
        // A new address gets nothing more today; home still gets its own two.
        await request(app, "hal@example.com", anotherAddress());
        expect(await signIns(app, "hal@example.com")).toBe(7);
        for (let i = 0; i < 3; i++) expect(answer(await request(app, "hal@example.com", home))).toEqual(neutral);
        expect(await signIns(app, "hal@example.com")).toBe(9);
      });

      it("counts a link e-mailed before the client address was kept towards the ceiling only, and that link still opens the portal", async () => {
        const { app, clock } = await setup({ SIGN_IN_LINKS_PER_DAY: "2" });
        await customer(app, clock, "old-link@example.com");
        for (let i = 0; i < 2; i++) await request(app, "old-link@example.com", STRANGER);
        // As migration 0007 leaves the links already e-mailed: no address key.
        await app.database.db.update(signInLinks).set({ addressKey: null });
        expect((await portalByToken(app, await linkToken(app, "old-link@example.com", "s"))).json().portal_url).toBeTruthy();
        // Not this address's: it gets its own two more...
        for (let i = 0; i < 3; i++) await request(app, "old-link@example.com", STRANGER);
        expect(await signIns(app, "old-link@example.com")).toBe(4);
        // ...but the ceiling (six) counts them: two other addresses get two more between them, not four.
        for (const address of [anotherAddress(), anotherAddress()]) for (let i = 0; i < 2; i++) await request(app, "old-link@example.com", address);
        expect(await signIns(app, "old-link@example.com")).toBe(6);
      });
    });
  });

  describe("the login page's request key (requestId, decision 018)", () => {
    /** The login page's call: the address and the page's key for this request. */
    const ask = (app: ApiApp, email: string, requestId: string, remoteAddress = STRANGER) =>
      app.inject({ url: `/api/payments/create-portal-session/${encodeURIComponent(email)}?requestId=${requestId}`, remoteAddress });
    /** The sign-in e-mails queued to an address (the outbox: what will be sent, sent or not yet). */
    const queued = async (app: ApiApp, email: string) =>
      (await app.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "sign-in")))).length;
    const key = (c: string) => c.repeat(32);

    it("a request repeated with its key (its answer lost) queues one e-mail and spends one of the day's links; other keys are limited as before", async () => {
      const { app, clock } = await setup({ SIGN_IN_LINKS_PER_DAY: "2" });
      await customer(app, clock, "kim@example.com");
      const answers = [];
      answers.push(await ask(app, "kim@example.com", key("a")));
      // Tried again, twice at once, then from another network (a phone's address changes).
      answers.push(...(await Promise.all([ask(app, "kim@example.com", key("a")), ask(app, "kim@example.com", key("a"))])));
      answers.push(await ask(app, "kim@example.com", key("a"), anotherAddress()));
      // Every try answers as the first did.
      for (const answer of answers) expect({ status: answer.statusCode, body: answer.body }).toEqual({ status: 200, body: JSON.stringify({ sent: true }) });
      expect(await queued(app, "kim@example.com")).toBe(1);
      // The repeats spent nothing: a new request still gets the day's second link...
      expect((await ask(app, "kim@example.com", key("b"))).json()).toEqual({ sent: true });
      expect(await queued(app, "kim@example.com")).toBe(2);
      // ...and past the day's links, new keys are refused as before, and so is the first key again.
      for (const requestId of [key("c"), key("d"), key("a"), key("b")]) expect((await ask(app, "kim@example.com", requestId)).json()).toEqual({ sent: true });
      expect(await queued(app, "kim@example.com")).toBe(2);
      expect((await mailTo(app, "kim@example.com")).filter((m) => m.text.includes("token=s."))).toHaveLength(2);
      // A day later, new keys get links again, as without keys.
      clock.advanceMinutes(24 * 60 + 1);
      expect((await ask(app, "kim@example.com", key("e"))).json()).toEqual({ sent: true });
      expect(await queued(app, "kim@example.com")).toBe(3);
    });

    it("is one customer's own: the same key for another address e-mails that customer, and tells nothing of who is a customer", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "ivy@example.com");
      await customer(app, clock, "joe@example.com");
      // A stranger asks first for Joe with the key Ivy's browser will use: Ivy still gets her link, Joe his.
      expect((await ask(app, "joe@example.com", key("f"))).json()).toEqual({ sent: true });
      expect((await ask(app, "ivy@example.com", key("f"), anotherAddress())).json()).toEqual({ sent: true });
      expect(await queued(app, "ivy@example.com")).toBe(1);
      expect(await queued(app, "joe@example.com")).toBe(1);
      // The same answers for an address nobody owns, first try or repeat, and the same refusal of a malformed key.
      const answers = async (email: string) => {
        const tries = [await ask(app, email, key("g")), await ask(app, email, key("g")), await ask(app, email, "short")];
        return tries.map((r) => ({ status: r.statusCode, body: r.statusCode === 200 ? r.body : r.json().error.code }));
      };
      const customers = await answers("ivy@example.com");
      expect(await answers("nobody@example.com")).toEqual(customers);
      expect(customers.map((a) => a.status)).toEqual([200, 200, 400]);
      expect(await queued(app, "ivy@example.com")).toBe(2);
      expect(await queued(app, "nobody@example.com")).toBe(0);
    });

    it("stops answering for its link once the link is used or expired: the same key then asks for a new one", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "lea@example.com");
      expect((await ask(app, "lea@example.com", key("h"))).json()).toEqual({ sent: true });
      // Used: the key's repeat e-mails a fresh link (the one it had opens nothing any more).
      expect((await portalByToken(app, await linkToken(app, "lea@example.com", "s"))).json().portal_url).toBeTruthy();
      expect((await ask(app, "lea@example.com", key("h"))).json()).toEqual({ sent: true });
      expect(await queued(app, "lea@example.com")).toBe(2);
      expect((await ask(app, "lea@example.com", key("h"))).json()).toEqual({ sent: true });
      expect(await queued(app, "lea@example.com")).toBe(2);
      // Expired: the same.
      clock.advanceMinutes(16);
      expect((await ask(app, "lea@example.com", key("h"))).json()).toEqual({ sent: true });
      expect(await queued(app, "lea@example.com")).toBe(3);
    });
  });

  describe("the welcome e-mail's portal link", () => {
    it("carries a sealed token for its own address, valid 30 days", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "wes@example.com");
      await customer(app, clock, "other@example.com");
      const token = await linkToken(app, "wes@example.com", "w");
      expect(token).not.toContain("wes");
      expect((await portal(app, "wes@example.com", token)).json().portal_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
      // Reusable while valid (it is in the customer's inbox for a month).
      expect((await portal(app, "wes@example.com", token)).json().portal_url).toBeTruthy();
      expect((await portal(app, "other@example.com", token)).json()).toEqual({ sent: true });
      clock.advanceMinutes(31 * 24 * 60);
      expect((await portal(app, "wes@example.com", token)).json()).toEqual({ sent: true });
    });

    it("e-mailed before the links lost the address (w.<expiry>.<signature> beside ?email=) still opens for that address until it expires", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "old@example.com");
      await customer(app, clock, "other@example.com");
      const expires = Math.floor(clock.now().getTime() / 1000) + 30 * 86_400;
      const signed = (email: string, at: number) => `w.${at}.${hmac(app.trust.secret, `portal-welcome|${email}|${at}`)}`;
      const token = signed("old@example.com", expires);
      expect((await portal(app, "old@example.com", token)).json().portal_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
      expect((await portal(app, "other@example.com", token)).json()).toEqual({ sent: true });
      expect((await portal(app, "old@example.com", `w.${expires + 86_400}.${token.split(".")[2]}`)).json()).toEqual({ sent: true });
      // Without its address it names nobody.
      expect((await portalByToken(app, token)).json()).toEqual({ sent: true });
      clock.advanceMinutes(31 * 24 * 60);
      expect((await portal(app, "old@example.com", token)).json()).toEqual({ sent: true });
    });
  });

  describe("the e-mailed links carry a token, never the address", () => {
    it("no link of the welcome or sign-in e-mails, text or HTML, in either language, holds an address or email=", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "nina@example.com");
      await customer(app, clock, "rosa@example.com", { language: "es", name: "Rosa" });
      for (const email of ["nina@example.com", "rosa@example.com"]) expect((await portal(app, email)).json()).toEqual({ sent: true });
      for (const email of ["nina@example.com", "rosa@example.com"]) {
        const messages = await mailTo(app, email);
        const kinds = messages.map((m) => (m.text.includes("token=w.") ? "welcome" : m.text.includes("token=s.") ? "sign-in" : "other"));
        expect(kinds.sort()).toEqual(["sign-in", "welcome"]);
        for (const message of messages) {
          const links = linksOf(message);
          expect(links.filter((link) => link.includes("token=")).length, message.subject).toBeGreaterThanOrEqual(2);
          for (const link of links) {
            expect(link).not.toContain("@");
            expect(link.toLowerCase()).not.toContain("%40");
            expect(link).not.toContain("email=");
          }
          // Nor does any line of the plain text pair the address with a link.
          for (const line of message.text.split("\n").filter((l) => /https?:/.test(l))) expect(line).not.toContain(email);
        }
      }
    });

    it("a sign-in token alone opens its own customer's portal once, for 15 minutes; reused, tampered or expired it answers the neutral body", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "ana@example.com");
      await customer(app, clock, "luis@example.com", { language: "es", name: "Luis" });
      for (const email of ["ana@example.com", "luis@example.com"]) await portal(app, email);
      const anaToken = await linkToken(app, "ana@example.com", "s");
      const luisToken = await linkToken(app, "luis@example.com", "s", "/es/");
      const neutral = { status: 200, body: JSON.stringify({ sent: true }) };
      const answer = async (token: unknown) => {
        const response = await portalByToken(app, token);
        return { status: response.statusCode, body: response.body };
      };

      const tampered = `${anaToken.slice(0, -1)}${anaToken.endsWith("A") ? "B" : "A"}`;
      expect(await answer(tampered)).toEqual(neutral);
      const before = await portalSessions(app);
      const opened = (await portalByToken(app, anaToken)).json().portal_url as string;
      expect(opened).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
      // Ana's portal, returning to Ana's home; nobody else's.
      expect(await portalCustomer(app, opened)).toMatchObject({ customerId: (await row(app, "ana@example.com"))!.providerCustomerId, returnUrl: `${ORIGIN}/` });
      expect(await portalSessions(app)).toBe(before + 1);
      // Single-use: the second try is neutral, and Ana gets a fresh link (as when she asks with her address).
      const signIns = async (email: string) => (await mailTo(app, email)).filter((m) => m.text.includes("token=s.")).length;
      const sentBefore = await signIns("ana@example.com");
      expect(await answer(anaToken)).toEqual(neutral);
      expect(await signIns("ana@example.com")).toBe(sentBefore + 1);
      // Luis's, after 15 minutes: neutral.
      clock.advanceMinutes(16);
      expect(await answer(luisToken)).toEqual(neutral);
      // Garbage and unknown tokens: the same body, nobody e-mailed.
      for (const token of ["s.unknown", `s.${"A".repeat(43)}`, "x.y", "w.", "w.a.b.c"]) expect(await answer(token)).toEqual(neutral);
      expect(await portalSessions(app)).toBe(before + 1);
      // The used link stays used through the spec's route too.
      expect((await portal(app, "ana@example.com", anaToken)).json()).toEqual({ sent: true });
    });

    it("a welcome token alone opens its own customer's portal for 30 days; tampered, forged or expired it answers the neutral body", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "wes@example.com");
      await customer(app, clock, "sofia@example.com", { language: "es" });
      const wes = await linkToken(app, "wes@example.com", "w");
      const sofia = await linkToken(app, "sofia@example.com", "w", "/es/");
      const open = async (token: string) => (await portalByToken(app, token)).json().portal_url as string | undefined;

      const wesPortal = (await open(wes))!;
      expect(await portalCustomer(app, wesPortal)).toMatchObject({ customerId: (await row(app, "wes@example.com"))!.providerCustomerId, returnUrl: `${ORIGIN}/` });
      const sofiaPortal = (await open(sofia))!;
      expect(await portalCustomer(app, sofiaPortal)).toMatchObject({ customerId: (await row(app, "sofia@example.com"))!.providerCustomerId, returnUrl: `${ORIGIN}/es/` });
      // Reusable while valid.
      expect(await open(wes)).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));

      const before = await portalSessions(app);
      // Any changed character of the sealed parts (iv, tag, ciphertext) is refused.
      const [, iv, tag, body] = wes.split(".");
      const flip = (part: string) => `${part.slice(0, -2)}${part.at(-2) === "A" ? "B" : "A"}${part.at(-1)}`;
      for (const forged of [`w.${flip(iv!)}.${tag}.${body}`, `w.${iv}.${flip(tag!)}.${body}`, `w.${iv}.${tag}.${flip(body!)}`, `w.${iv}.${tag}.${body!.slice(0, -4)}`]) {
        expect((await portalByToken(app, forged)).json()).toEqual({ sent: true });
      }
      // Sealed with another secret, or a value sealed by this server for another purpose.
      expect((await portalByToken(app, signWelcomeToken("another-secret-of-at-least-32-chars!", "wes@example.com", clock.now()))).json()).toEqual({ sent: true });
      expect((await portalByToken(app, `w.${seal(app.trust.secret, "wes@example.com")}`)).json()).toEqual({ sent: true });
      expect(await portalSessions(app)).toBe(before);
      clock.advanceMinutes(31 * 24 * 60);
      expect((await portalByToken(app, wes)).json()).toEqual({ sent: true });
      expect(await portalSessions(app)).toBe(before);
    });

    it("a token stops opening the portal once its customer's subscription is gone", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "gone@example.com");
      await portal(app, "gone@example.com");
      const welcome = await linkToken(app, "gone@example.com", "w");
      const signIn = await linkToken(app, "gone@example.com", "s");
      await app.database.db.update(clients).set({ isActive: false }).where(eq(clients.email, "gone@example.com"));
      const before = await portalSessions(app);
      for (const token of [welcome, signIn]) expect((await portalByToken(app, token)).json()).toEqual({ sent: true });
      expect(await portalSessions(app)).toBe(before);
    });

    it("answers bad input with a 400 JSON error, never a 500", async () => {
      const { app } = await sharedApp();
      const bad = [
        portalByToken(app, ""),
        portalByToken(app, 42),
        portalByToken(app, null),
        portalByToken(app, "w.".padEnd(2000, "A")),
        app.inject({ method: "POST", url: "/api/payments/portal-session", payload: {}, remoteAddress: anotherAddress() }),
        app.inject({ method: "POST", url: "/api/payments/portal-session", payload: "{not json", headers: { "content-type": "application/json" }, remoteAddress: anotherAddress() }),
      ];
      for (const response of await Promise.all(bad)) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.code, response.body).toEqual(expect.any(String));
      }
    });

    it("counts in the e-mail calls' shared limit per client address", async () => {
      const { app } = await setup({ RATE_LIMIT_EMAIL_CALLS: "3" });
      const address = anotherAddress();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await portalByToken(app, `s.${"A".repeat(43)}`, address)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  describe("a Spanish customer's links", () => {
    it("open the Spanish pages: the welcome e-mail's and the sign-in link under /es/, and the portal returns to /es/", async () => {
      const { app, clock } = await setup();
      await customer(app, clock, "sofia@example.com", { language: "es" });
      const welcomeToken = await linkToken(app, "sofia@example.com", "w", "/es/");
      expect((await portal(app, "sofia@example.com")).json()).toEqual({ sent: true });
      const signInToken = await linkToken(app, "sofia@example.com", "s", "/es/");

      for (const token of [welcomeToken, signInToken]) {
        const portalUrl = (await portal(app, "sofia@example.com", token)).json().portal_url as string;
        expect(portalUrl).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
        const id = new URL(portalUrl).pathname.split("/").pop()!;
        const [session] = await app.database.db.select().from(sandboxPortalSessions).where(eq(sandboxPortalSessions.id, id));
        expect(session?.returnUrl).toBe(`${ORIGIN}/es/`);
      }
      // An English customer's portal still returns to the English home.
      const { cookie } = await customer(app, clock, "eli@example.com");
      const english = (await app.inject({ url: "/api/payments/create-portal-session/eli@example.com", headers: fromSite(cookie) })).json().portal_url as string;
      const [session] = await app.database.db.select().from(sandboxPortalSessions).where(eq(sandboxPortalSessions.id, new URL(english).pathname.split("/").pop()!));
      expect(session?.returnUrl).toBe(`${ORIGIN}/`);
    });
  });

  describe("a sign-up in progress belongs to the browser that opened its checkout", () => {
    it("a stranger can neither update nor delete it, and gets the answers of an unknown address", async () => {
      const { app, clock } = await sharedApp();
      const victim = signupClient(clock, { email: "vic@example.com" });
      const owner = await openCheckout(app, victim, { remoteAddress: anotherAddress() });
      const evil = signupClient(clock, { email: "vic@example.com", name: "Mallory", phoneNumber: "(786) 555-0199", address: { ...victim.address, street: "Evil St", number: 666 } });

      const update = await stranger(app, "PUT", "/api/client/update_by_email", evil);
      const unknownUpdate = await stranger(app, "PUT", "/api/client/update_by_email", { ...evil, email: "ghost@example.com" });
      expect([update.statusCode, update.body]).toEqual([unknownUpdate.statusCode, unknownUpdate.body]);
      expect(update.statusCode).toBe(404);
      expect((await stranger(app, "POST", "/api/client/register/new", evil)).json()).toEqual({ ok: true });
      const del = await stranger(app, "GET", "/api/client/delete_by_email/vic@example.com");
      expect(del.json()).toEqual({ ok: true, deleted: false });
      // A link on another site, followed by the owner's own browser (cookie and all), deletes nothing either.
      const crossSite = await app.inject({
        url: "/api/client/delete_by_email/vic@example.com",
        headers: { cookie: owner.cookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      });
      expect(crossSite.json()).toEqual({ ok: true, deleted: false });

      expect(await row(app, "vic@example.com")).toMatchObject({ name: "Ana", phoneNumber: victim.phoneNumber, address: victim.address });
      const [held] = await app.database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, owner.sessionId));
      expect(held?.status).toBe("open");
      // The owner pays; the owner's own browser could have deleted it.
      expect((await payWithCard(app, owner.sessionId, "4242424242424242")).statusCode).toBe(303);
      expect(await row(app, "vic@example.com")).toMatchObject({ isActive: true, name: "Ana" });
    });

    it("a stranger's checkout for a cancelled customer's e-mail changes neither the name, phone nor address their paid pickups go to", async () => {
      const { app, clock } = await sharedApp();
      const email = "cancelled-victim@example.com";
      const victim = signupClient(clock, { email });
      const owner = await openCheckout(app, victim, { remoteAddress: anotherAddress() });
      expect((await payWithCard(app, owner.sessionId, "4242424242424242")).statusCode).toBe(303);
      const portal = (await app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(owner.cookie) })).json().portal_url as string;
      expect((await app.inject({ method: "POST", url: `${new URL(portal).pathname}/cancel` })).statusCode).toBe(303);
      const before = await row(app, email);
      expect(before).toMatchObject({ isActive: false, name: "Ana", phoneNumber: victim.phoneNumber, address: victim.address });
      const paidPickups = await app.database.db.select({ date: orders.date }).from(orders).where(eq(orders.clientId, before!.id));
      expect(paidPickups).toHaveLength(2);

      // Only the e-mail known: another address, no cookie. The checkout opens (it proves nothing either way)...
      const evil = signupClient(clock, { email, name: "Mallory", phoneNumber: "(786) 555-0199", address: { ...victim.address, street: "Evil St", number: 666 } }, 10, 2);
      const opened = await stranger(app, "POST", "/api/payments/create-checkout-session_signup", checkoutBody(evil));
      expect(opened.statusCode).toBe(200);
      // ...and the pickups already paid for still go to the customer's own name, phone and door.
      expect(await row(app, email)).toMatchObject({ name: "Ana", phoneNumber: victim.phoneNumber, address: victim.address });
      // The checkout's cookie proves the sign-up is the stranger's own, not the customer's row: the edits change nothing.
      const strangerCookie = checkoutCookie(opened);
      expect((await stranger(app, "PUT", "/api/client/update_by_email", evil, strangerCookie)).statusCode).toBeLessThan(500);
      expect((await stranger(app, "POST", "/api/client/register/new", evil, strangerCookie)).statusCode).toBeLessThan(500);
      expect(await row(app, email)).toMatchObject({ name: "Ana", phoneNumber: victim.phoneNumber, address: victim.address });
      // The stranger's cancellation rollback keeps the row (it has orders) as it was.
      await stranger(app, "GET", `/api/client/delete_by_email/${email}`, undefined, strangerCookie);
      expect(await row(app, email)).toMatchObject({ id: before!.id, name: "Ana", address: victim.address });
    });

    it("a link from another site, followed in a browser without Fetch Metadata, carries the owner's cookie but proves nothing without the site's header", async () => {
      const { app, clock } = await sharedApp();
      const signup = signupClient(clock, { email: "nometa@example.com" });
      const owner = await openCheckout(app, signup, { remoteAddress: anotherAddress() });
      const url = "/api/client/delete_by_email/nometa@example.com";
      // A top-level navigation (a link, window.location) in Safari before 16.4: the SameSite=Lax cookie goes
      // along, and no Sec-Fetch-* header says where the request came from.
      expect((await app.inject({ url, headers: { cookie: owner.cookie } })).json()).toEqual({ ok: true, deleted: false });
      // The edits answer as for a stranger too.
      const edit = { ...signup, name: "Mallory" };
      expect((await app.inject({ method: "PUT", url: "/api/client/update_by_email", payload: edit, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
      expect((await app.inject({ method: "POST", url: "/api/client/register/new", payload: edit, headers: { cookie: owner.cookie } })).json()).toEqual({ ok: true });
      // The site's header does not make up for Fetch Metadata that names another site or a navigation.
      for (const metadata of [
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" },
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
        { "sec-fetch-site": "same-site", "sec-fetch-mode": "cors" },
        { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
      ]) {
        expect((await app.inject({ url, headers: { ...fromSite(owner.cookie), ...metadata } })).json(), JSON.stringify(metadata)).toEqual({ ok: true, deleted: false });
      }
      expect(await row(app, "nometa@example.com")).toMatchObject({ name: "Ana", isActive: false, address: signup.address });
      const [held] = await app.database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, owner.sessionId));
      expect(held?.status).toBe("open");

      // The site's own call from that browser (its header; no Fetch Metadata in this browser) deletes it.
      expect((await app.inject({ url, headers: fromSite(owner.cookie) })).json()).toEqual({ ok: true, deleted: true });
      expect(await row(app, "nometa@example.com")).toBeUndefined();
    });

    it("after payment, the paying browser's cookie without the site's header confirms nothing and opens no portal", async () => {
      const { app, clock } = await sharedApp();
      const owner = await customer(app, clock, "nometa-paid@example.com");
      const bare = { cookie: owner.cookie };
      const portals = await portalSessions(app);
      expect((await app.inject({ url: "/api/client/set_active/nometa-paid@example.com", headers: bare })).statusCode).toBe(409);
      const order = { client_email: "nometa-paid@example.com", createdBy: "signup-wizard", date: clock.day(3) };
      expect((await app.inject({ method: "POST", url: "/api/order/create4customer", payload: order, headers: bare })).statusCode).toBe(409);
      const welcome = await app.inject({
        method: "POST",
        url: "/api/client/send_welcome_email?email=nometa-paid@example.com",
        payload: JSON.stringify("nometa-paid@example.com"),
        headers: { ...bare, "content-type": "application/json" },
      });
      expect(welcome.statusCode).toBe(409);
      expect((await app.inject({ url: "/api/payments/create-portal-session/nometa-paid@example.com", headers: bare })).json()).toEqual({ sent: true });
      expect(await portalSessions(app)).toBe(portals);

      // The same calls from the site's client work.
      expect((await app.inject({ url: "/api/client/set_active/nometa-paid@example.com", headers: fromSite(owner.cookie) })).json()).toEqual({ ok: true, isActive: true });
      expect((await app.inject({ url: "/api/payments/create-portal-session/nometa-paid@example.com", headers: fromSite(owner.cookie) })).json().portal_url).toMatch(/\/sandbox\/portal\//);
    });

    it("the owner's browser deletes it (the cancellation rollback), from the site itself", async () => {
      const { app, clock } = await sharedApp();
      const { cookie } = await openCheckout(app, signupClient(clock, { email: "mine@example.com" }));
      const response = await app.inject({ url: "/api/client/delete_by_email/mine@example.com", headers: { ...fromSite(cookie), "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" } });
      expect(response.json()).toEqual({ ok: true, deleted: true });
      expect(await row(app, "mine@example.com")).toBeUndefined();
    });

    it("activates exactly what the payer submitted: a later rewrite of the pending row never reaches the client or the welcome e-mail", async () => {
      const { app, clock } = await sharedApp();
      const victim = signupClient(clock, { email: "paula@example.com", name: "Paula" });
      const owner = await openCheckout(app, victim, { remoteAddress: anotherAddress() });
      // Paid at the provider; the confirmation has not arrived yet.
      expect((await chargeWithoutFulfilment(app, owner.sessionId)).outcome).toBe("paid");
      // Meanwhile someone else opens a checkout for the same address with their own details (allowed: it replaces a
      // sign-up in progress), and tries the edit calls too.
      const evil = signupClient(clock, { email: "paula@example.com", name: "Mallory", surname: "Xavier", phoneNumber: "(786) 555-0199", address: { ...victim.address, street: "Evil St", number: 666 } });
      // The replacing checkout asks the provider about the one it would replace first: paid, so it is fulfilled with
      // what Paula submitted and the stranger is refused.
      const replacing = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(evil), remoteAddress: STRANGER });
      expect(replacing.statusCode).toBe(409);
      await stranger(app, "PUT", "/api/client/update_by_email", evil);

      // The paying browser's post-payment call: the provider confirms, fulfilment activates the paid checkout's client.
      const setActive = await app.inject({ url: "/api/client/set_active/paula@example.com", headers: fromSite(owner.cookie) });
      expect(setActive.json()).toEqual({ ok: true, isActive: true });
      expect(await row(app, "paula@example.com")).toMatchObject({
        isActive: true,
        name: "Paula",
        surname: victim.surname,
        phoneNumber: victim.phoneNumber,
        address: victim.address,
      });
      const welcomes = await app.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "welcome"), eq(emailOutbox.to, "paula@example.com")));
      expect(welcomes).toHaveLength(1);
      expect(welcomes[0]!.data).toMatchObject({ firstName: "Paula", lastName: victim.surname });
      const [welcome] = (await mailTo(app, "paula@example.com")).filter((m) => m.subject.startsWith("Welcome"));
      expect(welcome!.text).toContain("Welcome, Paula!");
      expect(welcome!.text).not.toContain("Mallory");
    });

    it("a checkout started on a second device takes the sign-up over, and one e-mail never gets two paid subscriptions", async () => {
      const { app, clock } = await sharedApp();
      const phone = await openCheckout(app, signupClient(clock, { email: "switch@example.com" }), { remoteAddress: anotherAddress() });
      const laptop = await openCheckout(app, signupClient(clock, { email: "switch@example.com", name: "Sam" }), { remoteAddress: anotherAddress() });
      // The first device's session is closed: it cannot be paid any more.
      expect((await payWithCard(app, phone.sessionId, "4242424242424242")).statusCode).toBe(410);
      // The first device no longer owns the sign-up; the second does.
      expect((await app.inject({ url: "/api/client/delete_by_email/switch@example.com", headers: fromSite(phone.cookie) })).json()).toEqual({ ok: true, deleted: false });
      expect((await payWithCard(app, laptop.sessionId, "4242424242424242")).statusCode).toBe(303);
      expect((await app.inject({ url: "/api/client/set_active/switch@example.com", headers: fromSite(laptop.cookie) })).json()).toEqual({ ok: true, isActive: true });
      expect((await app.inject({ url: "/api/client/set_active/switch@example.com", headers: fromSite(phone.cookie) })).statusCode).toBe(409);
      const client = await row(app, "switch@example.com");
      expect(client).toMatchObject({ isActive: true, name: "Sam" });
      const paid = await app.database.db.select().from(checkouts).where(and(eq(checkouts.clientId, client!.id), eq(checkouts.status, "paid")));
      expect(paid).toHaveLength(1);
      // A third checkout for the paying e-mail is refused.
      const again = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email: "switch@example.com" })), remoteAddress: anotherAddress() });
      expect(again.statusCode).toBe(409);
    });
  });

  describe("no answer tells a customer from a pending sign-up or an unknown address", () => {
    it("every e-mail-keyed call answers a stranger the same for all three, and changes nothing", async () => {
      const { app, clock } = await sharedApp();
      await customer(app, clock, "cust@example.com");
      await openCheckout(app, signupClient(clock, { email: "pend@example.com" }), { remoteAddress: anotherAddress() });
      const snapshot = async () => JSON.stringify([await row(app, "cust@example.com"), await row(app, "pend@example.com")]);
      const before = await snapshot();
      const sessionsBefore = await portalSessions(app);
      const probes = (email: string) => [
        () => stranger(app, "GET", `/api/client/set_active/${email}`),
        () => stranger(app, "POST", `/api/client/send_welcome_email?email=${email}`, JSON.stringify(email)),
        () => stranger(app, "POST", "/api/order/create4customer", { client_email: email, createdBy: "signup-wizard", date: clock.day(3) }),
        () => stranger(app, "GET", `/api/client/delete_by_email/${email}`),
        () => stranger(app, "PUT", "/api/client/update_by_email", signupClient(clock, { email, name: "Mallory" })),
        () => stranger(app, "GET", `/api/payments/create-portal-session/${email}`),
      ];
      const answers: Record<string, string[]> = {};
      for (const email of ["cust@example.com", "pend@example.com", "unknown@example.com"]) {
        answers[email] = [];
        for (const probe of probes(email)) {
          const response = await probe();
          answers[email]!.push(`${response.statusCode} ${response.body}`);
        }
      }
      expect(answers["cust@example.com"]).toEqual(answers["unknown@example.com"]);
      expect(answers["pend@example.com"]).toEqual(answers["unknown@example.com"]);
      expect(answers["unknown@example.com"]!.map((a) => a.slice(0, 3))).toEqual(["409", "409", "409", "200", "404", "200"]);
      expect(await snapshot()).toBe(before);
      expect(await portalSessions(app)).toBe(sessionsBefore);
    });

    it("every e-mail-keyed call shares one limit, per client address and per e-mail", async () => {
      const { app } = await setup({ RATE_LIMIT_EMAIL_CALLS: "3" });
      const address = anotherAddress();
      const mixed = [
        () => app.inject({ url: "/api/client/email_exists/a1@example.com", remoteAddress: address }),
        () => app.inject({ url: "/api/client/set_active/a2@example.com", remoteAddress: address }),
        () => app.inject({ url: "/api/payments/create-portal-session/a3@example.com", remoteAddress: address }),
        () => app.inject({ url: "/api/client/delete_by_email/a4@example.com", remoteAddress: address }),
      ];
      const statuses = [];
      for (const call of mixed) statuses.push((await call()).statusCode);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
      // One address probed from many client addresses is limited too.
      const perEmail = [];
      for (let i = 0; i < 4; i++) perEmail.push((await app.inject({ url: "/api/payments/create-portal-session/target@example.com", remoteAddress: anotherAddress() })).statusCode);
      expect(perEmail).toEqual([200, 200, 200, 429]);
    });

    it("one connection cannot use up an e-mail's limit: its owner still gets through from their own", async () => {
      const { app } = await setup({ RATE_LIMIT_EMAIL_CALLS: "3" });
      const stranger = anotherAddress();
      const strangers = [];
      for (let i = 0; i < 5; i++) strangers.push((await app.inject({ url: "/api/payments/create-portal-session/owner@example.com", remoteAddress: stranger })).statusCode);
      expect(strangers).toEqual([200, 200, 200, 429, 429]);
      const owner = anotherAddress();
      expect((await app.inject({ url: "/api/payments/create-portal-session/owner@example.com", remoteAddress: owner })).statusCode).toBe(200);
      expect((await app.inject({ url: "/api/client/email_exists/owner@example.com", remoteAddress: owner })).statusCode).toBe(200);
    });
  });

  describe("pickup days cannot be hoarded", () => {
    it("one client address holds at most CHECKOUT_OPEN_PER_ADDRESS open checkouts; a replaced sign-up does not count", async () => {
      const { app, clock } = await setup({ CHECKOUT_OPEN_PER_ADDRESS: "3" });
      const address = anotherAddress();
      const open = (email: string, remoteAddress = address) =>
        app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email })), remoteAddress });
      for (const email of ["h1@example.com", "h2@example.com", "h3@example.com"]) expect((await open(email)).statusCode).toBe(200);
      const fourth = await open("h4@example.com");
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe("too_many_checkouts");
      expect(await row(app, "h4@example.com")).toBeUndefined();
      // Replacing one of its own sign-ups is no new hold.
      expect((await open("h1@example.com")).statusCode).toBe(200);
      // Another address is not affected; expired holds stop counting.
      expect((await open("h5@example.com", anotherAddress())).statusCode).toBe(200);
      clock.advanceMinutes(31);
      expect((await open("h4@example.com")).statusCode).toBe(200);
    });

    it("the checkout rate limit counts per e-mail too", async () => {
      const { app, clock } = await setup({ RATE_LIMIT_CHECKOUT: "2" });
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email: "same@example.com" })), remoteAddress: anotherAddress() }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    });

    it("one connection cannot use up an e-mail's checkout limit: its owner still opens a checkout from their own", async () => {
      const { app, clock } = await setup({ RATE_LIMIT_CHECKOUT: "2" });
      const open = (remoteAddress: string) =>
        app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email: "mine@example.com" })), remoteAddress });
      const stranger = anotherAddress();
      const strangers = [];
      for (let i = 0; i < 4; i++) strangers.push((await open(stranger)).statusCode);
      expect(strangers).toEqual([200, 200, 429, 429]);
      expect((await open(anotherAddress())).statusCode).toBe(200);
    });
  });

  describe("the development mailbox", () => {
    it("answers loopback clients only", async () => {
      const { app } = await sharedApp();
      for (const url of ["/dev/mailbox", "/dev/mailbox.json"]) {
        expect((await app.inject({ url })).statusCode).toBe(200);
        const remote = await app.inject({ url, remoteAddress: "203.0.113.200" });
        expect(remote.statusCode).toBe(404);
        expect(remote.body).not.toContain("Development mailbox");
      }
      // A page elsewhere whose name was rebound to this machine (DNS rebinding) sends its own name.
      for (const host of ["evil.example:3000", "evil.example"]) {
        expect((await app.inject({ url: "/dev/mailbox.json", headers: { host } })).statusCode, host).toBe(404);
      }
      for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
        expect((await app.inject({ url: "/dev/mailbox.json", headers: { host } })).statusCode, host).toBe(200);
      }
      const proxied = await setup({ TRUST_PROXY: "1" });
      expect((await proxied.app.inject({ url: "/dev/mailbox.json", headers: { "x-forwarded-for": "203.0.113.201" } })).statusCode).toBe(404);
      expect((await proxied.app.inject({ url: "/dev/mailbox.json", headers: { "x-forwarded-for": "127.0.0.1" } })).statusCode).toBe(200);
    });

    it("answers nothing through a proxy the app does not trust, nor on a server whose public address is elsewhere", async () => {
      const { app } = await sharedApp();
      // A proxy on this machine (the app not told to trust it): its header gives it away.
      for (const [name, value] of [["x-forwarded-for", "203.0.113.202"], ["x-real-ip", "203.0.113.202"], ["forwarded", "for=203.0.113.202"], ["via", "1.1 nginx"]] as const) {
        expect((await app.inject({ url: "/dev/mailbox.json", headers: { [name]: value } })).statusCode, name).toBe(404);
      }
      expect((await app.inject({ url: "/dev/mailbox.json" })).statusCode).toBe(200);
      // A proxy that adds no header: only the site's public address says the server is deployed, whatever NODE_ENV.
      for (const NODE_ENV of ["development", "test"]) {
        const deployed = await setup({ NODE_ENV, PUBLIC_URL: "https://freshfold.example" });
        const answer = await deployed.app.inject({ url: "/dev/mailbox.json", headers: { host: "127.0.0.1:3000" } });
        expect(answer.statusCode, NODE_ENV).toBe(404);
        expect(answer.body).not.toContain("messages");
      }
    });
  });

  it("writes no e-mail address, phone or street address in its logs or error reports", async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: ORIGIN, MAIL_WORKER_INTERVAL_MS: "0", LOG_LEVEL: "info" });
    const app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } } });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    app.get("/api/test-only/fail", async (request) => {
      request.log.warn({ client: signupClient(testClock()), to: "zoe@example.com" }, "about zoe@example.com, call (305) 555-0142");
      throw new Error("could not reach zoe@example.com at 305-555-0142");
    });
    await app.ready();
    const client = signupClient(testClock(), { email: "zoe@example.com", phoneNumber: "(305) 555-0142" });
    await app.inject({ url: "/api/payments/create-portal-session/zoe%40example.com" });
    await app.inject({ url: "/api/client/email_exists/Zoe@Example.com" });
    await app.inject({ method: "PUT", url: "/api/client/update_by_email", payload: client });
    expect((await app.inject({ url: "/api/test-only/fail" })).statusCode).toBe(500);
    const log = lines.join("");
    // The lines were written (the request, the warning, the error report with its stack).
    expect(log).toContain("/api/payments/create-portal-session/***@***");
    expect(log).toContain("about ***@***, call [phone]");
    expect(log).toContain("request failed");
    expect(log).toContain("could not reach ***@*** at [phone]");
    for (const personal of ["zoe@", "zoe%40", "Zoe@", "555-0142", "555 0142", "5550142", "Brickell", "García"]) expect(log, personal).not.toContain(personal);
  });

  it("warns at start in production that payments are the sandbox's and e-mail the mailbox table's, when test mode is allowed", async () => {
    const lines: string[] = [];
    const { database } = (await sharedApp()).app;
    const app = await buildTestApp(
      { NODE_ENV: "production", ALLOW_TEST_MODE: "1", SERVER_SECRET: "x".repeat(40), LOG_LEVEL: "warn", MAIL_WORKER_INTERVAL_MS: "0" },
      { logLines: lines, database },
    );
    await app.close();
    const log = lines.join("");
    expect(log).toContain("STRIPE_SECRET_KEY is not set: payments go to the sandbox (test mode), which charges no card");
    expect(log).toContain("SMTP_URL is not set");
    const quiet: string[] = [];
    const development = await buildTestApp({ LOG_LEVEL: "warn", MAIL_WORKER_INTERVAL_MS: "0" }, { logLines: quiet, database });
    await development.close();
    expect(quiet.join("")).not.toContain("STRIPE_SECRET_KEY");
  });

  it("requires SERVER_SECRET in production, and a long one", () => {
    const live = { NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", SMTP_URL: "smtp://localhost:25" };
    expect(() => loadConfig(live)).toThrow(ConfigError);
    expect(() => loadConfig({ ...live, SERVER_SECRET: "short" })).toThrow(/SERVER_SECRET/);
    expect(loadConfig({ ...live, SERVER_SECRET: "x".repeat(40) }).SERVER_SECRET).toHaveLength(40);
  });

  /** The problems loadConfig names for `env` (none when it starts). */
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it("refuses to start in production with the sandbox provider or the mailbox table, unless test mode is allowed", () => {
    const secret = { NODE_ENV: "production", SERVER_SECRET: "x".repeat(40) };
    const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const smtp = { SMTP_URL: "smtp://localhost:25" };
    expect(problems({ ...secret, ...smtp })).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production/), expect.stringMatching(/^ALLOW_TEST_MODE=1/)]);
    expect(problems({ ...secret, ...stripe })).toEqual([expect.stringMatching(/^SMTP_URL: required in production/), expect.stringMatching(/^ALLOW_TEST_MODE=1/)]);
    expect(problems({ ...secret })).toHaveLength(3);
    expect(problems({ ...secret, ...stripe, ...smtp })).toEqual([]);
    expect(problems({ ...secret, ALLOW_TEST_MODE: "1" })).toEqual([]);
    // Development and tests keep the embedded defaults.
    expect(problems({})).toEqual([]);
    expect(problems({ NODE_ENV: "test" })).toEqual([]);
  });

  it("refuses to start in production with a test-mode Stripe key or another address for Stripe's API, unless test mode is allowed", async () => {
    const live = { NODE_ENV: "production", SERVER_SECRET: "x".repeat(40), STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", SMTP_URL: "smtp://localhost:25" };
    const testKey = [expect.stringMatching(/^STRIPE_SECRET_KEY: a test-mode key .* charges no card/), expect.stringMatching(/^ALLOW_TEST_MODE=1/)];
    expect(problems({ ...live, STRIPE_SECRET_KEY: "sk_test_x" })).toEqual(testKey);
    expect(problems({ ...live, STRIPE_SECRET_KEY: "rk_test_x" })).toEqual(testKey);
    const elsewhere = [expect.stringMatching(/^STRIPE_API_URL: not allowed in production/), expect.stringMatching(/^ALLOW_TEST_MODE=1/)];
    expect(problems({ ...live, STRIPE_API_URL: "http://127.0.0.1:12111" })).toEqual(elsewhere);
    expect(problems({ ...live, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_URL: "http://127.0.0.1:12111" })).toHaveLength(3);
    expect(problems({ ...live, STRIPE_SECRET_KEY: "rk_live_x" })).toEqual([]);
    // A staging or demo site, and development and tests, may; production in test mode says so at start.
    const testMode = { ...live, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_URL: "http://127.0.0.1:12111" };
    expect(problems({ ...testMode, ALLOW_TEST_MODE: "1" })).toEqual([]);
    expect(problems({ ...testMode, NODE_ENV: "development" })).toEqual([]);
    expect(problems({ ...testMode, NODE_ENV: "test" })).toEqual([]);
    const lines: string[] = [];
    const { database } = (await sharedApp()).app;
    const { SMTP_URL: _smtp, ...noSmtp } = testMode;
    const app = await buildTestApp({ ...noSmtp, ALLOW_TEST_MODE: "1", LOG_LEVEL: "warn", MAIL_WORKER_INTERVAL_MS: "0" }, { logLines: lines, database });
    await app.close();
    expect(lines.join("")).toContain("STRIPE_SECRET_KEY is a test-mode key: Stripe charges no card");
    expect(lines.join("")).toContain("STRIPE_API_URL is set: payment calls go to another host than Stripe's");
  });
});
