// The paying browser's proof (server/auth/ownership.ts, server/auth/paying-browser.ts): its checkout cookie opens
// the portal and the post-payment calls only for the plan that checkout paid for, only while the cookie lives, and
// only once the provider's own word on the subscription says it serves.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { clients, emailOutbox, sandboxPortalSessions } from "#server/db/schema";
import { CHECKOUT_COOKIE_SECONDS } from "#server/auth/ownership";
import { buildApiApp, fromSite, openCheckout, payWithCard, signupClient, type ApiApp } from "./helpers/api";
import { testDriver } from "./helpers/database";
import { startStripeApp, type StripeTestApp } from "./helpers/stripe";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup() {
  const built = await buildApiApp();
  cleanups.push(() => built.app.close());
  return built;
}

const portalAsk = (app: ApiApp, email: string, cookie: string) => app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(cookie) });
const setActive = (app: FastifyInstance, email: string, headers: Record<string, string>) => app.inject({ url: `/api/client/set_active/${email}`, headers });
const portalSessions = async (app: ApiApp) => (await app.database.db.select().from(sandboxPortalSessions)).length;

/** Signed up and paid from `remoteAddress`: the paying browser's cookie. */
async function paid(app: ApiApp, clock: Awaited<ReturnType<typeof setup>>["clock"], email: string, remoteAddress: string) {
  const opened = await openCheckout(app, signupClient(clock, { email }), { remoteAddress });
  expect((await payWithCard(app, opened.sessionId)).statusCode).toBe(303);
  return opened.cookie;
}

describe(`the paying browser's cookie (${testDriver})`, () => {
  it("proves nothing about the address's next plan: once the plan it paid for ended and the address signed up again, it opens neither the portal nor the post-payment calls", async () => {
    const { app, clock } = await setup();
    const email = "reused@example.com";
    // Someone signs up with this address, keeps the cookie's value, and cancels in the portal.
    const kept = await paid(app, clock, email, "203.0.113.10");
    const portal = (await portalAsk(app, email, kept)).json<{ portal_url: string }>().portal_url;
    expect((await app.inject({ method: "POST", url: `${new URL(portal).pathname}/cancel` })).statusCode).toBe(303);
    // The address's owner signs up and pays in their own browser, within the day.
    clock.advanceMinutes(60);
    const owners = await paid(app, clock, email, "203.0.113.20");
    expect((await portalAsk(app, email, owners)).json().portal_url).toMatch(/\/sandbox\/portal\//);

    const before = await portalSessions(app);
    expect((await portalAsk(app, email, kept)).json()).toEqual({ sent: true });
    expect(await portalSessions(app)).toBe(before);
    const refused = await setActive(app, email, fromSite(kept));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("not_paid");
  });

  it("proves nothing once its lifetime has passed, though a copy of its value was kept", async () => {
    const { app, clock } = await setup();
    const email = "kept-cookie@example.com";
    const cookie = await paid(app, clock, email, "203.0.113.30");
    clock.advanceMinutes(CHECKOUT_COOKIE_SECONDS / 60 - 1);
    expect((await portalAsk(app, email, cookie)).json().portal_url).toMatch(/\/sandbox\/portal\//);
    expect((await setActive(app, email, fromSite(cookie))).statusCode).toBe(200);

    clock.advanceMinutes(2);
    const before = await portalSessions(app);
    expect((await portalAsk(app, email, cookie)).json()).toEqual({ sent: true });
    expect(await portalSessions(app)).toBe(before);
    expect((await setActive(app, email, fromSite(cookie))).statusCode).toBe(409);
  });
});

describe(`a payment the paying browser confirms before the webhook (${testDriver})`, () => {
  const OPERATOR = "ops@freshfold.example";
  let stripe: StripeTestApp;
  beforeAll(async () => {
    stripe = await startStripeApp({ CONTACT_INBOX: OPERATOR });
  });
  afterAll(() => stripe?.close());

  it("starts nothing when Stripe says the subscription already ended (decision 020): 409, no client served, no welcome, one operator notice", async () => {
    const { app, fake } = stripe;
    const db = app.database.db;
    const email = "ended-before-success@example.com";
    const session = await stripe.checkout(email);
    const charged = fake.completeSession(session.id);
    fake.cancelSubscription(charged.subscription!);

    // The success page's call comes before any webhook.
    const answer = await setActive(app, email, stripe.payingBrowser(email));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe("not_paid");
    const [client] = await db.select().from(clients).where(eq(clients.email, email));
    expect(client?.isActive).toBe(false);
    expect(await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "welcome")))).toHaveLength(0);
    const notices = await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, OPERATOR), eq(emailOutbox.kind, "paid-without-service")));
    expect(notices.filter((n) => (n.data as { sessionId?: string }).sessionId === session.id)).toHaveLength(1);
  });
});
