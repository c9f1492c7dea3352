// Money that needs a person (decision 021): a dispute opened or closed at Stripe, and a checkout paid after its
// subscription had ended, each reach the operator as one English e-mail. A dispute's facts come from Stripe asked
// again, never from the event's copy; Stripe unreachable answers 502 with nothing recorded, so Stripe retries.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { checkouts, clients, emailOutbox, paymentEvents } from "#server/db/schema";
import { fulfilPaidCheckout } from "#server/services/fulfilment";
import { disputeNoticeKey, operatorContact, paidWithoutServiceKey } from "#server/services/operator-notices";
import type { FakeStripe } from "./fakes/stripe-api";
import { testDriver } from "./helpers/database";
import { startSmtpServer, type TestSmtpServer } from "./helpers/mail-smtp";
import { startStripeApp, type StripeTestApp } from "./helpers/stripe";

const OPERATOR = "ops@freshfold.example";

let smtp: TestSmtpServer;
let stripe: StripeTestApp;
let fake: FakeStripe;
let app: FastifyInstance;
const db = () => app.database.db;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stripe = await startStripeApp({ CONTACT_INBOX: OPERATOR, SMTP_URL: smtp.url });
  ({ fake, app } = stripe);
});
afterAll(async () => {
  await stripe?.close();
  await smtp?.stop();
});
beforeEach(() => {
  fake.outage(false);
});

/** A sign-up paid at Stripe and fulfilled through its completion webhook: its Stripe customer. */
async function served(email: string): Promise<string> {
  return (await stripe.paidThroughWebhook(email)).customer!;
}

/** The operator notices queued under a de-duplication key. */
const noticesKeyed = (key: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.to, OPERATOR), eq(emailOutbox.dedupeKey, key)));
const outcomeOf = async (eventId: string) => (await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.outcome;

/** Sends what the outbox holds and answers the operator's message whose subject contains `subject`. */
async function sentToOperator(subject: string) {
  await app.mail.worker.drain();
  const mails = smtp.received.filter((mail) => mail.to.includes(OPERATOR) && mail.subject.includes(subject));
  expect(mails, subject).toHaveLength(1);
  return mails[0]!;
}

const dueIn = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;
const newYork = (seconds: number) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "full", timeStyle: "short" }).format(new Date(seconds * 1000)).replace(/\u202f/g, " ");

describe(`disputes reach the operator (${testDriver})`, () => {
  it("a dispute opened: one e-mail with the amount, reason, deadline in New York, the client and the dashboard link; a repeat changes nothing", async () => {
    const email = "disputed@example.com";
    const customer = await served(email);
    const [client] = await db().select().from(clients).where(eq(clients.email, email));
    const dueBy = dueIn(10);
    const dispute = fake.createDispute(customer, { amount: 2499, currency: "usd", reason: "product_not_received", evidence_details: { due_by: dueBy, has_evidence: false, past_due: false, submission_count: 0 } });
    const event = fake.event("charge.dispute.created", dispute);

    expect((await stripe.deliver(event)).statusCode).toBe(200);
    expect(await outcomeOf(event.id)).toBe("notified");
    // The same event again, and another event about the same dispute: still one e-mail.
    expect((await stripe.deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await stripe.deliver(fake.event("charge.dispute.created", dispute))).statusCode).toBe(200);
    const notices = await noticesKeyed(disputeNoticeKey(dispute.id, "created"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "dispute-created", language: "en" });

    const mail = await sentToOperator(`Dispute: $24.99 from ${client!.name} ${client!.surname}`);
    const dashboard = `https://dashboard.stripe.com/test/disputes/${dispute.id}`;
    for (const expected of ["$24.99", "product not received", `${newYork(dueBy)} (America/New_York)`, customer, email, "ZIP 33131", `${client!.name} ${client!.surname}`, dashboard]) {
      expect(mail.text).toContain(expected);
      expect(mail.html).toContain(expected.replaceAll("<", "&lt;"));
    }
    expect(mail.text).toContain(`Evidence due by: ${newYork(dueBy)} (America/New_York)`);
    expect(mail.html).toContain(`href="${dashboard}"`);
  });

  it("a replayed event whose dispute Stripe no longer matches: the e-mail says what Stripe says", async () => {
    const customer = await served("replayed-dispute@example.com");
    const dispute = fake.createDispute(customer, { amount: 4998, reason: "duplicate" });
    const forged = fake.event("charge.dispute.created", { ...dispute, amount: 1, currency: "eur", reason: "fraudulent", charge: "ch_not_ours" });
    expect((await stripe.deliver(forged)).statusCode).toBe(200);
    const [notice] = await noticesKeyed(disputeNoticeKey(dispute.id, "created"));
    expect(notice!.data).toMatchObject({ amount: 4998, currency: "usd", reason: "duplicate", customerId: customer, client: { email: "replayed-dispute@example.com" } });
    expect(fake.requests.some((r) => r.method === "GET" && r.path === `/v1/disputes/${dispute.id}`)).toBe(true);
  });

  it("a dispute Stripe does not know queues nothing", async () => {
    const event = fake.event("charge.dispute.created", { id: "du_test_unknown", object: "dispute", amount: 100, currency: "usd" });
    expect((await stripe.deliver(event)).statusCode).toBe(200);
    expect(await outcomeOf(event.id)).toBe("unknown");
    expect(await noticesKeyed(disputeNoticeKey("du_test_unknown", "created"))).toHaveLength(0);
  });

  it("Stripe down: 502 and nothing recorded, so Stripe retries; the retry queues the e-mail", async () => {
    const dispute = fake.createDispute(null, { amount: 1500 });
    const event = fake.event("charge.dispute.created", dispute);
    fake.outage(true);
    const failed = await stripe.deliver(event);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: { code: "payment_provider_error" } });
    expect(await outcomeOf(event.id)).toBeUndefined();
    expect(await noticesKeyed(disputeNoticeKey(dispute.id, "created"))).toHaveLength(0);
    fake.outage(false);
    expect((await stripe.deliver(event)).statusCode).toBe(200);
    expect(await outcomeOf(event.id)).toBe("notified");
    const [notice] = await noticesKeyed(disputeNoticeKey(dispute.id, "created"));
    // A charge with no customer: no client named, the dispute still told.
    expect(notice!.data).toMatchObject({ amount: 1500, customerId: null });
    expect(notice!.data).not.toHaveProperty("client");
  });

  it("a dispute closed: one e-mail saying won, or lost, as Stripe has it", async () => {
    const customer = await served("dispute-closed@example.com");
    const won = fake.createDispute(customer, { amount: 3000 });
    const lost = fake.createDispute(customer, { amount: 4000 });
    fake.updateDispute(won.id, { status: "won" });
    fake.updateDispute(lost.id, { status: "lost" });
    // The won one's event carries an older copy (still open): Stripe's answer decides.
    const wonEvent = fake.event("charge.dispute.closed", won);
    expect((await stripe.deliver(wonEvent)).statusCode).toBe(200);
    expect((await stripe.deliver(fake.event("charge.dispute.closed", fake.disputes.get(won.id)!))).statusCode).toBe(200);
    expect((await stripe.deliver(fake.event("charge.dispute.closed", fake.disputes.get(lost.id)!))).statusCode).toBe(200);
    expect(await noticesKeyed(disputeNoticeKey(won.id, "closed"))).toHaveLength(1);
    expect(await noticesKeyed(disputeNoticeKey(lost.id, "closed"))).toHaveLength(1);

    const wonMail = await sentToOperator("Dispute won: $30.00");
    expect(wonMail.text).toContain("decided in our favour");
    expect(wonMail.text).toContain(`https://dashboard.stripe.com/test/disputes/${won.id}`);
    const lostMail = await sentToOperator("Dispute closed (lost): $40.00");
    expect(lostMail.text).toContain("The dispute was lost");
    expect(lostMail.text).toContain("Status: lost");
  });
});

describe(`a payment that starts no service reaches the operator (${testDriver})`, () => {
  it("paid after its subscription was cancelled: one e-mail, whether the reconciler or the webhook fulfils it, and however often", async () => {
    const email = "paid-unserved@example.com";
    const session = await stripe.checkout(email);
    const paid = fake.completeSession(session.id);
    fake.cancelSubscription(paid.subscription!);
    // No event arrived: the reconciler finds the payment first, then the completion event comes.
    await app.reconciler.runOnce();
    const completed = fake.event("checkout.session.completed", paid);
    expect((await stripe.deliver(completed)).statusCode).toBe(200);
    expect(await outcomeOf(completed.id)).toBe("already_fulfilled");
    expect((await fulfilPaidCheckout(db(), { sessionId: session.id, operator: operatorContact(app.config) })).outcome).toBe("already_fulfilled");
    await app.reconciler.runOnce();

    const notices = await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, OPERATOR), eq(emailOutbox.kind, "paid-without-service")));
    const ours = notices.filter((n) => (n.data as { sessionId?: string }).sessionId === session.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.dedupeKey).toBe(paidWithoutServiceKey((ours[0]!.data as { checkoutId: number }).checkoutId));
    // Nobody is welcomed.
    expect(await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "welcome")))).toHaveLength(0);

    const [client] = await db().select().from(clients).where(eq(clients.email, email));
    const mail = await sentToOperator(`Paid, but no service started: ${client!.name} ${client!.surname}`);
    const dashboard = `https://dashboard.stripe.com/test/customers/${paid.customer}`;
    for (const expected of ["a refund may be due", email, "ZIP 33131", session.id, paid.subscription!, "canceled", paid.customer!, dashboard]) {
      expect(mail.text.toLowerCase()).toContain(expected.toLowerCase());
    }
    expect(mail.html).toContain(`href="${dashboard}"`);
  });

  it("found paid with its subscription ended when the same e-mail opens a new checkout: the new one opens (nobody is served), one e-mail, and paying it serves the customer", async () => {
    const email = "paid-unserved-replaced@example.com";
    const first = await stripe.checkout(email);
    const paid = fake.completeSession(first.id);
    fake.cancelSubscription(paid.subscription!);
    // Before: 409 client_active ("manage it in the billing portal") for a customer with no plan to manage.
    const second = await stripe.checkout(email);
    expect(second.id).not.toBe(first.id);
    const clientOf = async () => (await db().select().from(clients).where(eq(clients.email, email)))[0]!;
    expect((await clientOf()).isActive).toBe(false);
    const notices = await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, OPERATOR), eq(emailOutbox.kind, "paid-without-service")));
    expect(notices.filter((n) => (n.data as { sessionId?: string }).sessionId === first.id)).toHaveLength(1);
    // The record of the money taken stays through the new checkout's cancellation (the rollback deletes a pending client).
    const rollback = await app.inject({ method: "GET", url: `/api/client/delete_by_email/${encodeURIComponent(email)}`, headers: stripe.payingBrowser(email) });
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(rollback.json()).toMatchObject({ deleted: false });
    const kept = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, first.id));
    expect(kept.map((row) => row.status)).toEqual(["paid"]);
    const third = await stripe.checkout(email);
    const paidThird = fake.completeSession(third.id);
    expect((await stripe.deliver(fake.event("checkout.session.completed", paidThird))).statusCode).toBe(200);
    expect((await clientOf()).isActive).toBe(true);
  });

  it("the completion event first (the deletion arrived before it): the webhook queues the one e-mail", async () => {
    const email = "paid-unserved-webhook@example.com";
    const session = await stripe.checkout(email);
    const paid = fake.completeSession(session.id);
    fake.cancelSubscription(paid.subscription!);
    expect((await stripe.deliver(fake.event("customer.subscription.deleted", fake.subscriptions.get(paid.subscription!)!))).statusCode).toBe(200);
    const completed = fake.event("checkout.session.completed", paid);
    expect((await stripe.deliver(completed)).statusCode).toBe(200);
    expect(await outcomeOf(completed.id)).toBe("subscription_ended");
    expect((await stripe.deliver(fake.event("checkout.session.completed", paid))).statusCode).toBe(200);
    await app.reconciler.runOnce();
    const notices = await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, OPERATOR), eq(emailOutbox.kind, "paid-without-service")));
    expect(notices.filter((n) => (n.data as { sessionId?: string }).sessionId === session.id)).toHaveLength(1);
  });
});
