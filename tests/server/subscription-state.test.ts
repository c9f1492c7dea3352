// A client's service follows its subscription at Stripe (product.md PAY-11, decision 020): each subscription and
// invoice event makes the server ask Stripe for the subscription as it is now and apply one rule; a deletion that
// arrives before the checkout's completion leaves nobody served; the reconciler's slow pass repairs a lost event.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { checkouts, clients, emailOutbox, orders, paymentEvents, providerSubscriptions } from "#server/db/schema";
import type { SubscriptionState } from "#server/payments/provider";
import { applySubscriptionState, serviceVerdict, syncSubscriptions } from "#server/services/subscription-state";
import type { FakeStripe } from "./fakes/stripe-api";
import { testDriver } from "./helpers/database";
import { startStripeApp, stripeSignupClient, type StripeTestApp } from "./helpers/stripe";

let stripe: StripeTestApp;
let fake: FakeStripe;
let app: FastifyInstance;
const db = () => app.database.db;

beforeAll(async () => {
  stripe = await startStripeApp();
  ({ fake, app } = stripe);
});
afterAll(async () => {
  await stripe?.close();
});
beforeEach(() => {
  fake.outage(false);
});

/** A sign-up paid at Stripe and fulfilled through its completion webhook: its subscription id. */
async function served(email: string): Promise<string> {
  const paid = await stripe.paidThroughWebhook(email);
  expect((await record(email)).isActive).toBe(true);
  return paid.subscription!;
}

/** What our side holds of a client: served or not, its orders, and its e-mails by kind. */
async function record(email: string) {
  const [client] = await db().select().from(clients).where(eq(clients.email, email));
  const clientOrders = client ? await db().select({ date: orders.date }).from(orders).where(eq(orders.clientId, client.id)) : [];
  const mail = await db().select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.to, email));
  return {
    isActive: client?.isActive ?? null,
    orders: clientOrders.length,
    welcomes: mail.filter((m) => m.kind === "welcome").length,
    cancellations: mail.filter((m) => m.kind === "cancellation").length,
  };
}

/** Delivers an event about the subscription (Stripe's own copy of it, or an invoice of it) and answers what was done. */
async function deliverAbout(type: string, subscriptionId: string, copy: object = fake.subscriptions.get(subscriptionId)!) {
  const object = type.startsWith("invoice.")
    ? { id: `in_test_${subscriptionId.slice(-8)}`, object: "invoice", parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } } }
    : { ...copy };
  const event = fake.event(type, object);
  const response = await stripe.deliver(event);
  expect(response.statusCode, response.body).toBe(200);
  return { event, outcome: await outcomeOf(event.id) };
}

/** Reconcile passes until no subscription is due: what earlier tests left is asked about now, not in the middle of a test. */
async function askAllDue() {
  while ((await app.reconciler.runOnce()).subscriptions.checked > 0);
}

const outcomeOf = async (eventId: string) => (await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.outcome;
const asked = (subscriptionId: string) => fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/subscriptions/${subscriptionId}`).length;

describe(`the status rule (${testDriver})`, () => {
  it("serves active, trialing and past_due; ends unpaid, paused, canceled, incomplete_expired and paused collection; leaves incomplete alone", () => {
    const verdict = (status: string, collectionPaused = false) => serviceVerdict({ status, collectionPaused });
    expect(["active", "trialing", "past_due"].map((s) => verdict(s))).toEqual(["serve", "serve", "serve"]);
    expect(["unpaid", "paused", "canceled", "incomplete_expired"].map((s) => verdict(s))).toEqual(["end", "end", "end", "end"]);
    expect(["active", "trialing", "past_due"].map((s) => verdict(s, true))).toEqual(["end", "end", "end"]);
    expect([verdict("incomplete"), verdict("a_status_stripe_adds_later"), serviceVerdict({ status: null, collectionPaused: false })]).toEqual(["none", "none", "none"]);
  });
});

describe(`subscription events, applied as Stripe has the subscription now (${testDriver})`, () => {
  it("a failed renewal (past_due) keeps the client served", async () => {
    const email = "past-due@example.com";
    const subscription = await served(email);
    fake.updateSubscription(subscription, { status: "past_due" });
    expect((await deliverAbout("invoice.payment_failed", subscription)).outcome).toBe("unchanged");
    expect(await record(email)).toEqual({ isActive: true, orders: 2, welcomes: 1, cancellations: 0 });
  });

  it("invoice.payment_failed asks Stripe: the invoice names the subscription, Stripe says unpaid, the service ends", async () => {
    const email = "invoice-refetch@example.com";
    const subscription = await served(email);
    fake.updateSubscription(subscription, { status: "unpaid" });
    const before = asked(subscription);
    expect((await deliverAbout("invoice.payment_failed", subscription)).outcome).toBe("ended");
    expect(asked(subscription)).toBe(before + 1);
    expect((await record(email)).isActive).toBe(false);
  });

  it("unpaid ends the service without the cancellation e-mail; the paid pickups stay; paid again, it serves again", async () => {
    const email = "unpaid@example.com";
    const subscription = await served(email);
    // The event's copy still says past_due: what counts is Stripe's answer now.
    const copy = fake.updateSubscription(subscription, { status: "past_due" });
    fake.updateSubscription(subscription, { status: "unpaid" });
    expect((await deliverAbout("customer.subscription.updated", subscription, copy)).outcome).toBe("ended");
    expect(await record(email)).toEqual({ isActive: false, orders: 2, welcomes: 1, cancellations: 0 });
    // Suspended, not gone: the address still holds its subscription (decision 023).
    expect((await app.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: true });

    // The customer pays the open invoice: an endpoint on an older API version names the subscription at the top.
    fake.updateSubscription(subscription, { status: "active" });
    const paid = fake.event("invoice.paid", { id: "in_test_legacy", object: "invoice", subscription });
    expect((await stripe.deliver(paid)).statusCode).toBe(200);
    expect(await outcomeOf(paid.id)).toBe("resumed");
    expect(await record(email)).toEqual({ isActive: true, orders: 2, welcomes: 1, cancellations: 0 });
  });

  it("a pause ends the service without the cancellation e-mail, and resuming serves the client again", async () => {
    const email = "paused@example.com";
    const subscription = await served(email);
    fake.updateSubscription(subscription, { status: "paused" });
    expect((await deliverAbout("customer.subscription.paused", subscription)).outcome).toBe("ended");
    expect(await record(email)).toEqual({ isActive: false, orders: 2, welcomes: 1, cancellations: 0 });
    fake.updateSubscription(subscription, { status: "active" });
    expect((await deliverAbout("customer.subscription.resumed", subscription)).outcome).toBe("resumed");
    expect(await record(email)).toEqual({ isActive: true, orders: 2, welcomes: 1, cancellations: 0 });
  });

  it("paused collection (the status stays active) ends the service too, and its end serves again", async () => {
    const email = "collection-paused@example.com";
    const subscription = await served(email);
    fake.updateSubscription(subscription, { pause_collection: { behavior: "void", resumes_at: null } });
    expect((await deliverAbout("customer.subscription.updated", subscription)).outcome).toBe("ended");
    expect((await record(email)).isActive).toBe(false);
    fake.updateSubscription(subscription, { pause_collection: null });
    expect((await deliverAbout("customer.subscription.updated", subscription)).outcome).toBe("resumed");
    expect(await record(email)).toEqual({ isActive: true, orders: 2, welcomes: 1, cancellations: 0 });
  });

  it("canceled ends the service with one cancellation e-mail, however many events say so", async () => {
    const email = "canceled@example.com";
    const subscription = await served(email);
    fake.cancelSubscription(subscription);
    expect((await deliverAbout("customer.subscription.deleted", subscription)).outcome).toBe("ended");
    expect((await deliverAbout("customer.subscription.updated", subscription)).outcome).toBe("unchanged");
    expect(await record(email)).toEqual({ isActive: false, orders: 2, welcomes: 1, cancellations: 1 });
  });

  it("a subscription suspended for non-payment and then cancelled by Stripe tells the customer once, on the cancellation", async () => {
    const email = "unpaid-then-canceled@example.com";
    const subscription = await served(email);
    fake.updateSubscription(subscription, { status: "unpaid" });
    await deliverAbout("invoice.payment_failed", subscription);
    expect((await record(email)).cancellations).toBe(0);
    fake.cancelSubscription(subscription);
    await deliverAbout("customer.subscription.deleted", subscription);
    await deliverAbout("customer.subscription.deleted", subscription);
    expect(await record(email)).toEqual({ isActive: false, orders: 2, welcomes: 1, cancellations: 1 });
  });

  it("serves again only a client this rule suspended: not one gone for another reason, nor one on a newer subscription", async () => {
    // Inactive for another reason (here the operator's hand): Stripe's active does not bring it back.
    const gone = "gone-otherwise@example.com";
    const goneSubscription = await served(gone);
    await db().update(clients).set({ isActive: false }).where(eq(clients.email, gone));
    expect((await deliverAbout("customer.subscription.updated", goneSubscription)).outcome).toBe("unchanged");
    expect((await record(gone)).isActive).toBe(false);

    // Suspended on its first subscription, signed up again on a second: the first's return changes nothing. Such a
    // second sign-up is refused since decision 023; a client who made one before is on two subscriptions all the same.
    const email = "resubscribed@example.com";
    const first = await served(email);
    fake.updateSubscription(first, { status: "unpaid" });
    await deliverAbout("invoice.payment_failed", first);
    const refused = await app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session_signup",
      payload: { success_url: "http://localhost:3000/payment-success", cancel_url: "http://localhost:3000/payment-canceled", client: stripeSignupClient(email) },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const [ended] = await db().select().from(providerSubscriptions).where(eq(providerSubscriptions.subscriptionId, first));
    await db().update(providerSubscriptions).set({ serviceEndedAt: null }).where(eq(providerSubscriptions.subscriptionId, first));
    const second = await served(email);
    await db().update(providerSubscriptions).set({ serviceEndedAt: ended!.serviceEndedAt }).where(eq(providerSubscriptions.subscriptionId, first));
    expect(second).not.toBe(first);
    fake.updateSubscription(first, { status: "active" });
    expect((await deliverAbout("invoice.paid", first)).outcome).toBe("recorded");
    const [client] = await db().select().from(clients).where(eq(clients.email, email));
    expect(client).toMatchObject({ isActive: true, providerSubscriptionId: second });
    // ...and the first's cancellation does not end the second.
    fake.cancelSubscription(first);
    expect((await deliverAbout("customer.subscription.deleted", first)).outcome).toBe("recorded");
    expect(await record(email)).toMatchObject({ isActive: true, cancellations: 0 });
  });

  it("a deletion that arrives before the checkout's completion: the payment is recorded, nobody is served or welcomed", async () => {
    const email = "deleted-first@example.com";
    const session = await stripe.checkout(email);
    const paid = fake.completeSession(session.id);
    fake.cancelSubscription(paid.subscription!);
    // Stripe does not order events: the deletion comes first and finds no client on that subscription.
    expect((await deliverAbout("customer.subscription.deleted", paid.subscription!)).outcome).toBe("recorded");
    const completed = fake.event("checkout.session.completed", paid);
    expect((await stripe.deliver(completed)).statusCode).toBe(200);
    expect(await outcomeOf(completed.id)).toBe("subscription_ended");
    expect(await record(email)).toEqual({ isActive: false, orders: 0, welcomes: 0, cancellations: 0 });
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, session.id));
    expect(checkout).toMatchObject({ status: "paid", subscriptionId: paid.subscription });

    // Nothing starts it later: not the reconciler (the checkout is recorded paid), not the success page's calls.
    await app.reconciler.runOnce();
    const setActive = await app.inject({ url: `/api/client/set_active/${email}`, headers: stripe.payingBrowser(email) });
    expect(setActive.statusCode).toBe(409);
    expect(await record(email)).toEqual({ isActive: false, orders: 0, welcomes: 0, cancellations: 0 });
  });

  it("the reconciler finding a paid checkout whose subscription is already cancelled (no event arrived) starts nothing either", async () => {
    const email = "deleted-reconciled@example.com";
    const session = await stripe.checkout(email);
    const paid = fake.completeSession(session.id);
    fake.cancelSubscription(paid.subscription!);
    expect((await app.reconciler.runOnce()).fulfilled).toBe(0);
    expect(await record(email)).toEqual({ isActive: false, orders: 0, welcomes: 0, cancellations: 0 });
    const [row] = await db().select().from(providerSubscriptions).where(eq(providerSubscriptions.subscriptionId, paid.subscription!));
    expect(row?.status).toBe("canceled");
  });

  it("an older event delivered after a newer one changes nothing: Stripe is asked, and its answer is the newer state", async () => {
    const email = "out-of-order@example.com";
    const subscription = await served(email);
    const older = fake.event("customer.subscription.updated", fake.updateSubscription(subscription, { status: "unpaid" }));
    const newer = fake.event("customer.subscription.updated", fake.updateSubscription(subscription, { status: "active" }));
    expect((await stripe.deliver(newer)).statusCode).toBe(200);
    expect((await stripe.deliver(older)).statusCode).toBe(200);
    expect([await outcomeOf(newer.id), await outcomeOf(older.id)]).toEqual(["unchanged", "unchanged"]);
    expect(await record(email)).toEqual({ isActive: true, orders: 2, welcomes: 1, cancellations: 0 });
  });

  it("a state read before the one stored is not applied (two reads racing)", async () => {
    const email = "older-read@example.com";
    const subscription = await served(email);
    const state = (status: string, readAt: Date): SubscriptionState => ({ id: subscription, status, customerId: null, clientId: null, collectionPaused: false, readAt });
    const now = new Date();
    expect((await applySubscriptionState(db(), "stripe", state("active", now), now)).outcome).toBe("unchanged");
    expect((await applySubscriptionState(db(), "stripe", state("unpaid", new Date(now.getTime() - 1000)), now)).outcome).toBe("stale");
    expect((await record(email)).isActive).toBe(true);
    const [row] = await db().select().from(providerSubscriptions).where(eq(providerSubscriptions.subscriptionId, subscription));
    expect(row).toMatchObject({ status: "active", observedAt: now });
  });

  it("an event delivered twice, even at once, is applied once and Stripe is not asked again for the repeat", async () => {
    const email = "duplicate@example.com";
    const subscription = await served(email);
    fake.cancelSubscription(subscription);
    const event = fake.event("customer.subscription.deleted", fake.subscriptions.get(subscription)!);
    const [a, b] = await Promise.all([stripe.deliver(event), stripe.deliver(event)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().duplicate, b.json().duplicate].sort()).toEqual([false, true]);
    const before = asked(subscription);
    expect((await stripe.deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(asked(subscription)).toBe(before);
    expect(await record(email)).toEqual({ isActive: false, orders: 2, welcomes: 1, cancellations: 1 });
  });

  it("Stripe unreachable: 502 payment_provider_error, nothing recorded, so Stripe's retry applies the event", async () => {
    const email = "outage@example.com";
    const subscription = await served(email);
    fake.updateSubscription(subscription, { status: "unpaid" });
    const event = fake.event("invoice.payment_failed", { id: "in_test_outage", object: "invoice", parent: { subscription_details: { subscription } } });
    fake.outage(true);
    const refused = await stripe.deliver(event);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ error: { code: "payment_provider_error", message: expect.any(String) } });
    expect(await outcomeOf(event.id)).toBeUndefined();
    expect((await record(email)).isActive).toBe(true);
    fake.outage(false);
    const retried = await stripe.deliver(event);
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    expect(await outcomeOf(event.id)).toBe("ended");
    expect((await record(email)).isActive).toBe(false);
  });

  it("a subscription Stripe does not know, or an event without one, is answered 200 and changes nothing", async () => {
    const unknown = fake.event("customer.subscription.updated", { id: "sub_test_elsewhere", object: "subscription", status: "canceled" });
    expect((await stripe.deliver(unknown)).statusCode).toBe(200);
    expect(await outcomeOf(unknown.id)).toBe("unknown");
    const noSubscription = fake.event("invoice.payment_failed", { id: "in_test_one_off", object: "invoice", parent: null });
    expect((await stripe.deliver(noSubscription)).statusCode).toBe(200);
    expect(await outcomeOf(noSubscription.id)).toBe("ignored");
    const noId = fake.event("customer.subscription.updated", { object: "subscription" });
    expect((await stripe.deliver(noId)).statusCode).toBe(200);
    expect(await outcomeOf(noId.id)).toBe("ignored");
  });
});

describe(`the reconciler's subscription pass (${testDriver})`, () => {
  it("repairs a missed change: asks about served subscriptions, each once per period, and applies the rule", async () => {
    const email = "missed-webhook@example.com";
    const subscription = await served(email);
    await askAllDue();
    // Stripe ends it for non-payment; the webhook never arrives.
    fake.updateSubscription(subscription, { status: "unpaid" });
    const dueAgain = () => db().update(providerSubscriptions).set({ checkedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(providerSubscriptions.subscriptionId, subscription));
    // Asked within the period: not again.
    const before = asked(subscription);
    expect((await app.reconciler.runOnce()).subscriptions).toEqual({ checked: 0, changed: 0, errors: 0 });
    expect(asked(subscription)).toBe(before);
    expect((await record(email)).isActive).toBe(true);

    await dueAgain();
    expect((await app.reconciler.runOnce()).subscriptions).toEqual({ checked: 1, changed: 1, errors: 0 });
    expect(await record(email)).toEqual({ isActive: false, orders: 2, welcomes: 1, cancellations: 0 });

    // A suspended subscription is still asked about: its missed return is repaired too.
    fake.updateSubscription(subscription, { status: "active" });
    await dueAgain();
    expect((await app.reconciler.runOnce()).subscriptions).toEqual({ checked: 1, changed: 1, errors: 0 });
    expect((await record(email)).isActive).toBe(true);

    // Stripe down: counted, and asked again on the next pass.
    fake.updateSubscription(subscription, { status: "paused" });
    await dueAgain();
    fake.outage(true);
    expect((await app.reconciler.runOnce()).subscriptions).toMatchObject({ checked: 1, errors: 1 });
    fake.outage(false);
    expect((await app.reconciler.runOnce()).subscriptions).toEqual({ checked: 1, changed: 1, errors: 0 });
    expect((await record(email)).isActive).toBe(false);
  });

  it("asks at most a batch a pass, the longest unasked first, and never about a cancelled one", async () => {
    const emails = ["batch-1@example.com", "batch-2@example.com", "batch-3@example.com"];
    const subscriptions = [];
    for (const email of emails) subscriptions.push(await served(email));
    await askAllDue();
    const ages = [30, 40, 50];
    for (const [i, id] of subscriptions.entries()) {
      await db().update(providerSubscriptions).set({ checkedAt: new Date(Date.now() - ages[i]! * 3600_000) }).where(eq(providerSubscriptions.subscriptionId, id));
    }
    fake.cancelSubscription(subscriptions[2]!);
    await deliverAbout("customer.subscription.deleted", subscriptions[2]!);
    const before = subscriptions.map(asked);
    const pass = () => syncSubscriptions({ db: db(), provider: app.payments, now: () => new Date(), batch: 1, periodHours: 24 });
    expect(await pass()).toEqual({ checked: 1, changed: 0, errors: 0 });
    expect(subscriptions.map(asked)).toEqual([before[0], before[1]! + 1, before[2]]);
    expect(await pass()).toEqual({ checked: 1, changed: 0, errors: 0 });
    expect(subscriptions.map(asked)).toEqual([before[0]! + 1, before[1]! + 1, before[2]]);
    expect(await pass()).toEqual({ checked: 0, changed: 0, errors: 0 });
  });
});

describe(`the migration's backfill (${testDriver})`, () => {
  it("gives every served client's subscription its row, status unknown, with the provider of its paid checkout", async () => {
    const email = "backfilled@example.com";
    const subscription = await served(email);
    const [client] = await db().select().from(clients).where(eq(clients.email, email));
    await db().delete(providerSubscriptions).where(eq(providerSubscriptions.subscriptionId, subscription));
    const migration = readFileSync(new URL("../../server/db/migrations/0005_subscription_state.sql", import.meta.url), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes("INSERT INTO"))!;
    await db().execute(sql.raw(backfill));
    await db().execute(sql.raw(backfill)); // a second run adds nothing
    const rows = await db().select().from(providerSubscriptions).where(and(eq(providerSubscriptions.subscriptionId, subscription)));
    expect(rows).toEqual([expect.objectContaining({ provider: "stripe", customerId: client!.providerCustomerId, clientId: client!.id, status: null, checkedAt: null })]);
  });
});
