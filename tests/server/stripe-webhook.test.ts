// Stripe end to end inside the real app: checkout through the API (the real stripe client talking to the local
// fake), then signed webhooks through app.inject; replays, bad signatures and the post-payment race.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildTestApp } from "./helpers/app";
import { newYorkDate, startStripeApp, stripeSignupClient as signupClient, WEBHOOK_SECRET, type StripeTestApp } from "./helpers/stripe";
import { signWebhookPayload, type FakeStripe } from "./fakes/stripe-api";
import { checkouts, clients, emailOutbox, orders, paymentEvents } from "#server/db/schema";

let stripe: StripeTestApp;
let fake: FakeStripe;
let app: FastifyInstance;
const checkout = (email: string) => stripe.checkout(email);
const deliver = (event: object, options?: { secret?: string; signature?: string }) => stripe.deliver(event, options);
const payingBrowser = (email: string) => stripe.payingBrowser(email);

async function state(email: string) {
  const db = app.database.db;
  const [client] = await db.select().from(clients).where(eq(clients.email, email));
  const orderRows = client ? await db.select().from(orders).where(eq(orders.clientId, client.id)) : [];
  const welcomes = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const [events] = await db.select({ n: count() }).from(paymentEvents);
  return {
    isActive: client?.isActive ?? null,
    customerId: client?.providerCustomerId ?? null,
    subscriptionId: client?.providerSubscriptionId ?? null,
    orders: orderRows.map((o) => o.date).sort(),
    welcomes: welcomes.filter((m) => m.kind === "welcome").length,
    events: events?.n ?? 0,
  };
}

beforeAll(async () => {
  stripe = await startStripeApp();
  ({ fake, app } = stripe);
});
afterAll(async () => {
  await stripe?.close();
});
beforeEach(() => {
  fake.rejected.length = 0;
});
afterEach(() => {
  // A request the fake refused is a wrong request to Stripe, even when the app swallowed the error.
  expect(fake.rejected.filter((r) => !r.error?.startsWith("Only Checkout Sessions"))).toEqual([]);
});

describe("the webhook route", () => {
  it("refuses a bad signature, a missing one and a stale one with 400 in our error shape, changing nothing", async () => {
    const session = await checkout("bad-signature@example.com");
    const paid = fake.completeSession(session.id);
    const event = fake.event("checkout.session.completed", paid);
    const before = await state("bad-signature@example.com");

    const wrongSecret = await deliver(event, { secret: "whsec_someone_else" });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ error: { code: "bad_request", message: "Invalid Stripe signature." } });
    const tampered = JSON.stringify(event).replace("bad-signature@", "bad-signaturf@");
    const tamperedResponse = await app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(JSON.stringify(event), WEBHOOK_SECRET) },
      payload: tampered,
    });
    expect(tamperedResponse.statusCode).toBe(400);
    const stale = signWebhookPayload(JSON.stringify(event), WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(event, { signature: stale })).statusCode).toBe(400);
    const missing = await app.inject({ method: "POST", url: "/api/payments/webhook", headers: { "content-type": "application/json" }, payload: JSON.stringify(event) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe("bad_request");

    expect(await state("bad-signature@example.com")).toEqual(before);
    expect(before.isActive).toBe(false);
  });

  it("logs a bad signature in one short line: not the body, nor the customer's name or street in it", async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(
      { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url, MAIL_WORKER_INTERVAL_MS: "0" },
      { logLines: lines, database: app.database },
    );
    try {
      // Stripe's signature error carries the whole body: a real event signed with a rotated secret would hold
      // the customer's details, and a forged one anything up to the body limit.
      const details = { name: "Ana Pérez", email: "ana@example.com", address: { line1: "1200 Brickell Ave", postal_code: "33131" } };
      const event = { id: "evt_forged", type: "checkout.session.completed", data: { object: { id: "cs_forged", customer_details: details } }, padding: "x".repeat(60_000) };
      const response = await logged.inject({
        method: "POST",
        url: "/api/payments/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(JSON.stringify(event), "whsec_rotated_away") },
        payload: JSON.stringify(event),
      });
      expect(response.statusCode).toBe(400);
    } finally {
      await logged.close();
    }
    const line = lines.find((l) => l.includes("Stripe webhook with a bad signature"));
    expect(line).toBeDefined();
    expect(line!.length).toBeLessThan(1000);
    for (const personal of ["Pérez", "Brickell", "33131", "ana@", "xxxxxxxxxx", "evt_forged"]) expect(lines.join(""), personal).not.toContain(personal);
  });

  it("leaves the rest of the API on its ordinary JSON parser", async () => {
    const response = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: { client: {} } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
  });

  it("answers 200 to an event it does not act on, once", async () => {
    const event = fake.event("invoice.paid", { id: "in_test_1", object: "invoice" });
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
  });
});

describe("checkout.session.completed", () => {
  it("fulfils once: one active client, two orders, one welcome e-mail; a replay changes nothing", async () => {
    const email = "webhook-first@example.com";
    const session = await checkout(email);
    expect(fake.paramsOf(session.id)).toMatchObject({ locale: "es", metadata: { email, language: "es" } });
    expect((await state(email)).isActive).toBe(false);

    const paid = fake.completeSession(session.id);
    const event = fake.event("checkout.session.completed", paid);
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });

    const after = await state(email);
    expect(after).toMatchObject({
      isActive: true,
      customerId: paid.customer,
      subscriptionId: paid.subscription,
      orders: [newYorkDate(2), newYorkDate(4)],
      welcomes: 1,
    });
    const [recorded] = await app.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toMatchObject({ type: "checkout.session.completed", outcome: "fulfilled", objectId: session.id });

    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await state(email)).toEqual(after);

    // Stripe may also send a second, different event about the same session: fulfilment is still once.
    const second = await deliver(fake.event("checkout.session.completed", paid));
    expect(second.statusCode).toBe(200);
    expect({ ...(await state(email)), events: 0 }).toEqual({ ...after, events: 0 });
  });

  it("applies an event delivered twice at the same moment once, alongside a racing post-payment call", async () => {
    const email = "webhook-race@example.com";
    const session = await checkout(email);
    const event = fake.event("checkout.session.completed", fake.completeSession(session.id));
    const [a, b, setActive] = await Promise.all([
      deliver(event),
      deliver(event),
      app.inject({ method: "GET", url: `/api/client/set_active/${email}`, headers: payingBrowser(email) }),
    ]);
    expect([a.statusCode, b.statusCode, setActive.statusCode]).toEqual([200, 200, 200]);
    expect([a.json().duplicate, b.json().duplicate].sort()).toEqual([false, true]);
    expect(await state(email)).toMatchObject({ isActive: true, orders: [newYorkDate(2), newYorkDate(4)], welcomes: 1 });
  });

  it("waits for a delayed payment: an unpaid completion activates nothing, async_payment_succeeded fulfils", async () => {
    const email = "webhook-async@example.com";
    const session = await checkout(email);
    const completed = fake.completeSession(session.id);
    const unpaid = { ...completed, payment_status: "unpaid" };
    expect((await deliver(fake.event("checkout.session.completed", unpaid))).statusCode).toBe(200);
    expect((await state(email)).isActive).toBe(false);
    expect((await deliver(fake.event("checkout.session.async_payment_succeeded", completed))).statusCode).toBe(200);
    expect(await state(email)).toMatchObject({ isActive: true, welcomes: 1 });
  });

  it("ignores a session that is not one of ours", async () => {
    const response = await deliver(fake.event("checkout.session.completed", { id: "cs_test_elsewhere", object: "checkout.session", payment_status: "paid", customer: "cus_x", subscription: "sub_x" }));
    expect(response.statusCode).toBe(200);
    const [recorded] = await app.database.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, "cs_test_elsewhere"));
    expect(recorded?.outcome).toBe("unknown");
  });
});

describe("customer.subscription.deleted", () => {
  it("makes the client inactive, once", async () => {
    const email = "webhook-cancel@example.com";
    const session = await checkout(email);
    const paid = fake.completeSession(session.id);
    await deliver(fake.event("checkout.session.completed", paid));
    expect((await state(email)).isActive).toBe(true);

    const cancelled = fake.cancelSubscription(paid.subscription!);
    const event = fake.event("customer.subscription.deleted", cancelled);
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    const after = await state(email);
    expect(after.isActive).toBe(false);
    expect(after.orders).toHaveLength(2);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await state(email)).toEqual(after);

    // The e-mail may sign up again: an inactive client does not block it.
    const exists = await app.inject({ method: "GET", url: `/api/client/email_exists/${email}` });
    expect(exists.json()).toEqual({ exists: false });
  });
});

describe("a post-payment call before the webhook", () => {
  it("fulfils through Stripe's own answer, and the late webhook then changes nothing", async () => {
    const email = "webhook-late@example.com";
    const session = await checkout(email);

    // Before paying, the post-payment call is refused and changes nothing.
    const early = await app.inject({ method: "GET", url: `/api/client/set_active/${email}`, headers: payingBrowser(email) });
    expect(early.statusCode).toBe(409);
    expect((await state(email)).isActive).toBe(false);

    const paid = fake.completeSession(session.id);
    const setActive = await app.inject({ method: "GET", url: `/api/client/set_active/${email}`, headers: payingBrowser(email) });
    expect(setActive.statusCode, setActive.body).toBe(200);
    const retrieve = fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${session.id}`);
    expect(retrieve.length).toBeGreaterThan(0);
    const after = await state(email);
    expect(after).toMatchObject({ isActive: true, customerId: paid.customer, orders: [newYorkDate(2), newYorkDate(4)], welcomes: 1 });

    const late = await deliver(fake.event("checkout.session.completed", paid));
    expect(late.statusCode).toBe(200);
    const [recorded] = await app.database.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, session.id));
    expect(recorded?.outcome).toBe("already_fulfilled");
    expect({ ...(await state(email)), events: 0 }).toEqual({ ...after, events: 0 });

    // The billing portal opens for the Stripe customer.
    const portal = await app.inject({ method: "GET", url: `/api/payments/create-portal-session/${email}`, headers: payingBrowser(email) });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(new URL(portal.json().portal_url).origin).toBe("https://billing.stripe.com");
  });

  it("a new checkout for a pending client expires its previous Stripe session", async () => {
    const email = "webhook-replaced@example.com";
    const first = await checkout(email);
    const second = await checkout(email);
    expect(second.id).not.toBe(first.id);
    expect(fake.sessions.get(first.id)?.status).toBe("expired");
    expect(fake.sessions.get(second.id)?.status).toBe("open");
  });
});

describe("the checkout's idempotency key", () => {
  it("opens a checkout on a Stripe account that a reset database already used with the same row id", async () => {
    // A database reset or restored to before a checkout (a staging copy, a second environment) hands out that
    // checkout's row id again, while Stripe keeps the idempotency keys it saw for 24 hours.
    const first = await checkout("reused-id-first@example.com");
    const db = app.database.db;
    const [row] = await db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.providerSessionId, first.id));
    await db.delete(clients).where(eq(clients.email, "reused-id-first@example.com"));
    await db.execute(sql`select setval(pg_get_serial_sequence('checkouts', 'id'), ${row!.id - 1})`);

    const second = await checkout("reused-id-second@example.com");
    const [reused] = await db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.providerSessionId, second.id));
    expect(reused?.id).toBe(row!.id);
    expect(second.id).not.toBe(first.id);
    expect(second.customer_email).toBe("reused-id-second@example.com");
  });
});

describe("a payment still pending (a session complete but unpaid, as a bank debit leaves it for days)", () => {
  // Card-only checkouts should never be left so, but what Stripe reports decides, not what we asked for.
  function completeUnpaid(sessionId: string) {
    const session = fake.sessions.get(sessionId)!;
    const subscription = { id: `sub_pending_${sessionId.slice(-8)}`, object: "subscription", status: "incomplete", customer: `cus_pending_${sessionId.slice(-8)}`, metadata: {}, trial_end: null, billing_cycle_anchor: 0, created: 0, livemode: false };
    fake.subscriptions.set(subscription.id, subscription as never);
    Object.assign(session, { status: "complete", payment_status: "unpaid", customer: subscription.customer, subscription: subscription.id, url: null });
    return { ...session };
  }
  function clears(sessionId: string) {
    const session = fake.sessions.get(sessionId)!;
    fake.subscriptions.get(session.subscription as string)!.status = "active";
    session.payment_status = "paid";
    return { ...session };
  }
  const liveSubscriptions = () => [...fake.subscriptions.values()].filter((s) => s.customer && ["active", "trialing"].includes(s.status));

  it("keeps a second checkout for the e-mail from opening; the payment, once it clears, makes one client on one subscription", async () => {
    const email = "pending-twice@example.com";
    const first = await checkout(email);
    expect((await deliver(fake.event("checkout.session.completed", completeUnpaid(first.id)))).statusCode).toBe(200);
    expect((await state(email)).isActive).toBe(false);
    const live = liveSubscriptions().length;

    const second = await app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session_signup",
      headers: payingBrowser(email),
      payload: { success_url: "http://localhost:3000/payment-success", cancel_url: "http://localhost:3000/payment-canceled", client: signupClient(email) },
    });
    expect(second.statusCode, second.body).toBe(409);
    fake.rejected.length = 0; // the refused expiry of the complete session

    const cleared = clears(first.id);
    expect((await deliver(fake.event("checkout.session.async_payment_succeeded", cleared))).statusCode).toBe(200);
    const after = await state(email);
    expect(after).toMatchObject({ isActive: true, subscriptionId: cleared.subscription, welcomes: 1 });
    expect(liveSubscriptions().length).toBe(live + 1);
  });

  it("keeps the sign-up when its payer cancels meanwhile, and fulfils it when the payment clears", async () => {
    const email = "pending-cancel@example.com";
    const first = await checkout(email);
    completeUnpaid(first.id);
    const cancel = await app.inject({ url: `/api/client/delete_by_email/${email}`, headers: payingBrowser(email) });
    expect(cancel.json()).toMatchObject({ deleted: false });
    fake.rejected.length = 0;

    const cleared = clears(first.id);
    expect((await deliver(fake.event("checkout.session.async_payment_succeeded", cleared))).statusCode).toBe(200);
    expect(await state(email)).toMatchObject({ isActive: true, subscriptionId: cleared.subscription, welcomes: 1 });
    expect((await state(email)).orders).toHaveLength(2);
  });
});
