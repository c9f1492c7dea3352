// Every payment becomes exactly one sign-up, whatever crashes: reconciliation after a crash between the charge
// and the fulfilment, the re-signup that used to charge twice, a late payment past a day's capacity (fulfilled
// anyway, the operator told once), and the same with Stripe through the real client against the local fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, like } from "drizzle-orm";
import { addDays, format, parseISO } from "date-fns";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import { checkouts, clients, emailOutbox, orders, sandboxCheckoutSessions } from "#server/db/schema";
import { renderEmail } from "#server/mail/templates";
import { capacityNoticeKey, RECONCILE_WINDOW_HOURS } from "#server/services/reconcile";
import type { ClientInput } from "#contract/client";
import { startFakeStripe, type FakeStripe } from "./fakes/stripe-api";
import { buildTestApp } from "./helpers/app";
import { testDriver } from "./helpers/database";
import {
  buildApiApp,
  chargeWithoutFulfilment,
  checkoutBody,
  fromSite,
  openCheckout,
  payWithCard,
  signupClient,
  signupRecord,
  ORIGIN,
  type ApiApp,
  type TestClock,
} from "./helpers/api";

const OPERATOR = "ops@freshfold.example";

let app: ApiApp;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await buildApiApp({ env: { PICKUP_DAILY_CAPACITY: "1", CONTACT_INBOX: OPERATOR } }));
});
afterAll(() => app.close());

const db = () => app.database.db;

async function state(email: string) {
  const { client, orders: clientOrders, welcomes } = await signupRecord(app, email);
  const charges = await db().select().from(sandboxCheckoutSessions).where(and(eq(sandboxCheckoutSessions.email, email), eq(sandboxCheckoutSessions.status, "complete")));
  return { active: client?.isActive ?? null, orders: clientOrders, welcomes: welcomes.length, charges: charges.length };
}

describe(`reconciliation with the sandbox provider (${testDriver})`, () => {
  it("fulfils a checkout the provider charged when the server died before fulfilling it, once", async () => {
    const email = "crash@example.com";
    const client = signupClient(clock, { email }, 10, 1);
    const { sessionId } = await openCheckout(app, client);
    // The provider takes the money (recorded on its side), then the process dies: no fulfilment ran.
    expect((await chargeWithoutFulfilment(app, sessionId)).outcome).toBe("paid");
    expect(await state(email)).toEqual({ active: false, orders: [], welcomes: 0, charges: 1 });

    const pass = await app.reconciler.runOnce();
    expect(pass.fulfilled).toBe(1);
    expect(pass.checked).toBeGreaterThanOrEqual(1);
    expect(await state(email)).toEqual({ active: true, orders: [client.pickupone, client.pickuptwo], welcomes: 1, charges: 1 });
    // Nothing more to do on the next pass, and nothing changes.
    expect((await app.reconciler.runOnce()).fulfilled).toBe(0);
    expect(await state(email)).toEqual({ active: true, orders: [client.pickupone, client.pickuptwo], welcomes: 1, charges: 1 });
  });

  it("asks about checkouts that ended within the last 48 hours, not older ones", async () => {
    const email = "window@example.com";
    const { sessionId } = await openCheckout(app, signupClient(clock, { email }, 12, 1));
    expect((await chargeWithoutFulfilment(app, sessionId)).outcome).toBe("paid");
    // As if replaced long ago: our record says expired, its session ended more than 48 hours back.
    const longAgo = new Date(clock.now().getTime() - (RECONCILE_WINDOW_HOURS + 1) * 3600_000);
    await db().update(checkouts).set({ status: "expired", expiresAt: longAgo }).where(eq(checkouts.providerSessionId, sessionId));
    await app.reconciler.runOnce();
    expect((await state(email)).active).toBe(false);
    // Within the window (ended an hour ago): asked, paid, fulfilled.
    await db().update(checkouts).set({ expiresAt: new Date(clock.now().getTime() - 3600_000) }).where(eq(checkouts.providerSessionId, sessionId));
    expect((await app.reconciler.runOnce()).fulfilled).toBe(1);
    expect((await state(email)).active).toBe(true);
  });

  it("runs a pass at start: a charge left by a crashed process is fulfilled when the server comes back", async () => {
    const email = "restart@example.com";
    const { sessionId } = await openCheckout(app, signupClient(clock, { email }, 14, 1));
    expect((await chargeWithoutFulfilment(app, sessionId)).outcome).toBe("paid");
    // A second process on the same database with the loop on: its first pass runs once it is ready.
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: ORIGIN, MAIL_WORKER_INTERVAL_MS: "0", RECONCILE_INTERVAL_MS: "60000" });
    const restarted = await buildApp({ config, database: { ...app.database, close: async () => {} }, logger: false, now: clock.now });
    await restarted.ready();
    try {
      const deadline = Date.now() + 20_000;
      while ((await state(email)).active !== true && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await state(email)).toMatchObject({ active: true, welcomes: 1, charges: 1 });
    } finally {
      await restarted.close();
    }
  });

  it("never charges twice: a re-signup whose earlier checkout was paid answers client_active and fulfils that one", async () => {
    const email = "twice@example.com";
    const client = signupClient(clock, { email }, 16, 1);
    const first = await openCheckout(app, client);
    expect((await chargeWithoutFulfilment(app, first.sessionId)).outcome).toBe("paid"); // the crash: charged, not fulfilled
    const again = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(client) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("client_active");
    expect(await state(email)).toEqual({ active: true, orders: [client.pickupone, client.pickuptwo], welcomes: 1, charges: 1 });
    const [opened] = await db().select({ n: count() }).from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.email, email));
    expect(opened?.n).toBe(1);
  });

  it("closes a replaced checkout at the provider before replacing it: the old page can no longer take money", async () => {
    const email = "replace@example.com";
    const client = signupClient(clock, { email }, 18, 1);
    const first = await openCheckout(app, client);
    const second = await openCheckout(app, client);
    expect(second.sessionId).not.toBe(first.sessionId);
    const late = await payWithCard(app, first.sessionId);
    expect(late.statusCode).toBe(410);
    expect(await state(email)).toMatchObject({ active: false, charges: 0 });
    expect((await payWithCard(app, second.sessionId)).statusCode).toBe(303);
    expect(await state(email)).toEqual({ active: true, orders: [client.pickupone, client.pickuptwo], welcomes: 1, charges: 1 });
  });

  it("two checkouts of one e-mail at once: the one replaced while the provider answered is refused and closed, one charge", async () => {
    const email = "two-tabs@example.com";
    const client = signupClient(clock, { email }, 26, 1);
    const provider = app.payments;
    const create = provider.createCheckoutSession.bind(provider);
    // The first tab's session is opened at the provider, whose answer arrives only after the second tab's checkout.
    let reached!: () => void;
    let release!: () => void;
    const atProvider = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    provider.createCheckoutSession = async (request) => {
      const session = await create(request);
      if (++calls === 1) {
        reached();
        await released;
      }
      return session;
    };
    try {
      const firstTab = app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(client) });
      await atProvider;
      const secondTab = await openCheckout(app, client);
      release();
      const refused = await firstTab;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe("conflict");
      const sessions = await db().select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.email, email));
      expect(sessions).toHaveLength(2);
      const firstSession = sessions.find((session) => session.id !== secondTab.sessionId)!;
      // Never handed out, closed at the provider, and kept on its checkout for the reconciler.
      expect(firstSession.status).toBe("expired");
      const [firstCheckout] = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, firstSession.id));
      expect(firstCheckout?.status).toBe("expired");
      expect((await payWithCard(app, firstSession.id)).statusCode).toBe(410);
      expect((await payWithCard(app, secondTab.sessionId)).statusCode).toBe(303);
      expect(await state(email)).toEqual({ active: true, orders: [client.pickupone, client.pickuptwo], welcomes: 1, charges: 1 });
    } finally {
      delete (provider as Partial<typeof provider>).createCheckoutSession;
    }
  });

  it("closes a cancelled sign-up's checkout at the provider before deleting it; a paid one is fulfilled instead", async () => {
    const cancelled = "cancel@example.com";
    const open = await openCheckout(app, signupClient(clock, { email: cancelled }, 20, 1));
    expect((await app.inject({ url: `/api/client/delete_by_email/${cancelled}`, headers: fromSite(open.cookie) })).json()).toMatchObject({ deleted: true });
    expect((await payWithCard(app, open.sessionId)).statusCode).toBe(410);

    const paid = "paid-then-cancel@example.com";
    const charged = await openCheckout(app, signupClient(clock, { email: paid }, 20, 1));
    expect((await chargeWithoutFulfilment(app, charged.sessionId)).outcome).toBe("paid");
    const refused = await app.inject({ url: `/api/client/delete_by_email/${paid}`, headers: fromSite(charged.cookie) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("client_active");
    expect(await state(paid)).toMatchObject({ active: true, welcomes: 1, charges: 1 });
  });

  it("keeps a cancelled sign-up whose checkout the provider could not close: paid later, it is fulfilled, not lost", async () => {
    const email = "cancel-unclosed@example.com";
    const client = signupClient(clock, { email }, 28, 1);
    const open = await openCheckout(app, client);
    const provider = app.payments;
    provider.expireCheckoutSession = async () => {
      throw new Error("connect ETIMEDOUT");
    };
    let answer;
    try {
      answer = await app.inject({ url: `/api/client/delete_by_email/${email}`, headers: fromSite(open.cookie) });
    } finally {
      delete (provider as Partial<typeof provider>).expireCheckoutSession;
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ deleted: false });
    expect((await payWithCard(app, open.sessionId)).statusCode).toBe(303);
    expect(await state(email)).toEqual({ active: true, orders: [client.pickupone, client.pickuptwo], welcomes: 1, charges: 1 });
  });

  it("fulfils a late payment whose day filled meanwhile, and tells the operator once, naming the day and the count", async () => {
    // Capacity 1. A's checkout stopped holding its days (replaced; the provider's session outlived our record).
    const a = signupClient(clock, { email: "late@example.com" }, 22, 1);
    const { sessionId: lateSession } = await openCheckout(app, a);
    await db().update(checkouts).set({ status: "expired" }).where(eq(checkouts.providerSessionId, lateSession));
    // B takes the days and pays.
    const b = signupClient(clock, { email: "ontime@example.com" }, 22, 1);
    const { sessionId: onTime } = await openCheckout(app, b);
    expect((await payWithCard(app, onTime)).statusCode).toBe(303);
    // Now A pays: a paid customer is never turned away.
    expect((await payWithCard(app, lateSession)).statusCode).toBe(303);
    expect(await state("late@example.com")).toEqual({ active: true, orders: [a.pickupone, a.pickuptwo], welcomes: 1, charges: 1 });
    const [onDay] = await db().select({ n: count() }).from(orders).where(eq(orders.date, a.pickupone!));
    expect(onDay?.n).toBe(2);

    expect((await app.reconciler.runOnce()).capacityNotices).toBe(2);
    expect((await app.reconciler.runOnce()).capacityNotices).toBe(0);
    const notices = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "capacity-exceeded")).orderBy(emailOutbox.id);
    expect(notices.map((n) => [n.to, n.dedupeKey, n.data])).toEqual([
      [OPERATOR, capacityNoticeKey(a.pickupone!, 2), { date: a.pickupone, orders: 2, capacity: 1 }],
      [OPERATOR, capacityNoticeKey(a.pickuptwo!, 2), { date: a.pickuptwo, orders: 2, capacity: 1 }],
    ]);
    await app.mail.worker.drain();
    const mailbox = (await app.inject(`/dev/mailbox.json?to=${OPERATOR}`)).json<{ messages: { subject: string; text: string }[] }>().messages;
    const day = format(parseISO(a.pickupone!), "EEEE, MMMM d, yyyy");
    expect(mailbox.map((m) => m.subject)).toContain(`${day}: 2 pickups booked, over the capacity of 1`);
    expect(mailbox.find((m) => m.subject.startsWith(day))?.text).toContain(`${day} now has 2 pickups booked, 1 more than the daily capacity of 1.`);
  });

  it("writes the operator's capacity notice in Spanish too", async () => {
    const rendered = await renderEmail(
      { kind: "capacity-exceeded", to: OPERATOR, language: "es", data: { date: "2030-03-20", orders: 42, capacity: 40 } },
      { publicUrl: ORIGIN },
    );
    expect(rendered.subject).toBe("miércoles 20 de marzo de 2030: 42 recogidas reservadas, por encima de la capacidad de 40");
    expect(rendered.text).toContain("2 más que la capacidad diaria de 40");
  });
});

describe(`the reconciler's memory of closed sessions (${testDriver})`, () => {
  it("forgets a session closed unpaid once its checkout is past the look-back window, not before", async () => {
    const email = "closed-memory@example.com";
    const client = signupClient(clock, { email }, 30, 1);
    const replaced = await openCheckout(app, client);
    await openCheckout(app, client); // closes the first session at the provider, unpaid
    const [checkout] = await db().select({ expiresAt: checkouts.expiresAt }).from(checkouts).where(eq(checkouts.providerSessionId, replaced.sessionId));
    const forgetAt = checkout!.expiresAt.getTime() + RECONCILE_WINDOW_HOURS * 3600_000;
    const start = clock.now();
    try {
      await app.reconciler.runOnce();
      expect(app.reconciler.remembersClosed(replaced.sessionId)).toBe(true);
      // Still in the window (the pass would select its checkout): remembered, so not asked again.
      clock.set(new Date(forgetAt - 60_000));
      await app.reconciler.runOnce();
      expect(app.reconciler.remembersClosed(replaced.sessionId)).toBe(true);
      // Past it the pass no longer selects the checkout: nothing to remember it for.
      clock.set(new Date(forgetAt + 60_000));
      await app.reconciler.runOnce();
      expect(app.reconciler.remembersClosed(replaced.sessionId)).toBe(false);
    } finally {
      clock.set(start);
    }
  });
});

/** A date in New York, `days` after today (the Stripe fake runs on the real clock). */
function newYorkDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  return format(addDays(parseISO(today), days), "yyyy-MM-dd");
}

describe(`reconciliation with Stripe, beside the webhook (${testDriver})`, () => {
  let fake: FakeStripe;
  let stripeApp: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripeApp = await buildTestApp({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: "whsec_test_reconcile",
      STRIPE_API_URL: fake.url,
      RATE_LIMIT_CHECKOUT: "1000",
      MAIL_WORKER_INTERVAL_MS: "0",
    });
  });
  afterAll(async () => {
    await stripeApp?.close();
    await fake?.close();
  });

  const stripeClient = (email: string): ClientInput => {
    const pickupone = newYorkDate(3);
    return { ...signupClient(clock, { email, pickupone, startdate: pickupone, pickuptwo: newYorkDate(5) }) };
  };
  const open = async (client: ClientInput) => {
    const response = await stripeApp.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(client) });
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json<{ checkout_url: string }>().checkout_url;
    return [...fake.sessions.values()].find((s) => s.url === url)!;
  };
  const activeOf = async (email: string) => {
    const [row] = await stripeApp.database.db.select().from(clients).where(eq(clients.email, email));
    return row?.isActive ?? null;
  };

  it("fulfils a session Stripe completed whose webhook never arrived, asking with checkout.sessions.retrieve", async () => {
    const email = "stripe-lost-webhook@example.com";
    const session = await open(stripeClient(email));
    fake.completeSession(session.id); // paid at Stripe; the webhook is lost
    const before = fake.requests.length;
    const pass = await stripeApp.reconciler.runOnce();
    expect(pass.fulfilled).toBe(1);
    expect(await activeOf(email)).toBe(true);
    expect(fake.requests.slice(before).some((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${session.id}`)).toBe(true);
    const [welcome] = await stripeApp.database.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, "welcome:%"));
    expect(welcome?.to).toBe(email);
  });

  it("a re-signup asks Stripe about the earlier session: paid there means client_active, never a second session", async () => {
    const email = "stripe-twice@example.com";
    const client = stripeClient(email);
    const first = await open(client);
    fake.completeSession(first.id);
    const sessionsBefore = fake.sessions.size;
    const again = await stripeApp.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(client) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("client_active");
    expect(fake.sessions.size).toBe(sessionsBefore);
    expect(await activeOf(email)).toBe(true);
  });

  it("a re-signup expires the earlier unpaid session at Stripe before opening the new one", async () => {
    const email = "stripe-replace@example.com";
    const client = stripeClient(email);
    const first = await open(client);
    const second = await open(client);
    expect(second.id).not.toBe(first.id);
    expect(fake.sessions.get(first.id)?.status).toBe("expired");
    expect(() => fake.completeSession(first.id)).toThrow(/expired/);
  });
});
