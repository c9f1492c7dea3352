// The e-mail a customer gets when the subscription ends at Stripe (decision 024): the customer's own cancellation
// keeps the cancellation e-mail ("Didn't cancel?"), while Stripe ending it for non-payment (its retries of a renewal
// ran out, or a payment was disputed) says so instead; one per subscription, whoever reports it. A cancellation for
// later is confirmed, and its undoing answered with a notice that the plan goes on, each once per change. Received
// on a real SMTP server, in English and in Spanish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { format, parseISO } from "date-fns";
import { enUS, es } from "date-fns/locale";
import type { FastifyInstance } from "fastify";
import { clients, emailOutbox, orders, paymentEvents, providerSubscriptions } from "#server/db/schema";
import { applySubscriptionState, lastEndNoticeQuery, syncSubscriptions } from "#server/services/subscription-state";
import { brand } from "../../src/config/brand";
import { ORDER_CREATED_BY } from "#domain/plan";
import type { FakeStripe } from "./fakes/stripe-api";
import { testDriver } from "./helpers/database";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./helpers/mail-smtp";
import { newYorkDate, startStripeApp, type StripeTestApp } from "./helpers/stripe";

let stripe: StripeTestApp;
let fake: FakeStripe;
let app: FastifyInstance;
let smtp: TestSmtpServer;
const db = () => app.database.db;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stripe = await startStripeApp({ SMTP_URL: smtp.url });
  ({ fake, app } = stripe);
});
afterAll(async () => {
  await stripe?.close();
  await smtp?.stop();
});

/** A sign-up paid at Stripe and fulfilled through its completion webhook, its welcome sent: its subscription id. */
async function served(email: string, language: "en" | "es"): Promise<string> {
  const paid = await stripe.paidThroughWebhook(email, language);
  expect(await app.mail.worker.drain()).toMatchObject({ failed: 0 });
  return paid.subscription!;
}

/** Delivers an event about the subscription (Stripe's copy of it, or an invoice of it): the outcome recorded. */
async function deliverAbout(type: string, subscriptionId: string) {
  const object = type.startsWith("invoice.")
    ? { id: `in_test_${subscriptionId.slice(-8)}`, object: "invoice", parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } } }
    : { ...fake.subscriptions.get(subscriptionId)! };
  const event = fake.event(type, object);
  const response = await stripe.deliver(event);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { duplicate: boolean }).duplicate ? "duplicate" : await outcomeOf(event.id);
}

const outcomeOf = async (eventId: string) =>
  (await db().select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.outcome;

/** The cancellation e-mails queued for an address (whatever their text). */
const queued = (email: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "cancellation")));

/** Sends what is queued and answers the e-mails received for `email` other than its welcome. */
async function endMails(email: string): Promise<ReceivedMail[]> {
  expect(await app.mail.worker.drain()).toMatchObject({ failed: 0 });
  const welcome = /^Welcome to |^¡Te damos la bienvenida/;
  return smtp.received.filter((mail) => mail.to.includes(email) && !welcome.test(mail.subject));
}

/** The day the e-mail names and the paid pickups, in full in the language, from what was queued. */
async function queuedDays(email: string, language: "en" | "es") {
  const [row] = await queued(email);
  const data = row!.data as { canceledOn: string; paidPickups: string[] };
  const day = (d: string) => format(parseISO(d), language === "es" ? "EEEE d 'de' MMMM 'de' yyyy" : "EEEE, MMMM d, yyyy", { locale: language === "es" ? es : enUS });
  const list = new Intl.ListFormat(language === "es" ? "es-US" : "en-US", { type: "conjunction" });
  expect(data.paidPickups).toHaveLength(2);
  return { date: day(data.canceledOn), pickups: list.format(data.paidPickups.map(day)) };
}

const didntCancel = /Didn(?:'|&#39;|&#x27;|&apos;)t cancel|No cancelaste/i;

describe(`the e-mail when Stripe ends a subscription for non-payment (${testDriver})`, () => {
  it("Stripe's retries of a renewal ran out (payment_failed): the non-payment e-mail in English, never 'Didn't cancel'", async () => {
    const email = "nonpayment-en@example.com";
    const subscription = await served(email, "en");
    fake.updateSubscription(subscription, { status: "past_due" });
    expect(await deliverAbout("invoice.payment_failed", subscription)).toBe("unchanged");
    fake.cancelSubscription(subscription, "payment_failed");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");

    const mails = await endMails(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const { date, pickups } = await queuedDays(email, "en");
    expect(mail!.subject).toBe("Your FreshFold Laundry plan has ended: we could not collect your weekly payment");
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("Hi Ana, your weekly plan has ended");
      expect(body).toContain(`Your weekly plan ended on ${date}, because we could not collect your weekly payment.`);
      expect(body).toContain(`The pickups you have already paid for still take place: ${pickups}.`);
      expect(body).toContain("/signup");
      expect(body).toContain(`Questions about a charge or your card? Call us at ${brand.phone} or write to ${brand.email}.`);
      expect(body).not.toMatch(didntCancel);
      expect(body).not.toContain("was canceled on");
    }
  });

  it("in Spanish, after the suspension for non-payment (unpaid) that Stripe then ends: the Spanish non-payment e-mail, once", async () => {
    const email = "nonpayment-es@example.com";
    const subscription = await served(email, "es");
    fake.updateSubscription(subscription, { status: "unpaid" });
    expect(await deliverAbout("invoice.payment_failed", subscription)).toBe("ended");
    expect(await queued(email)).toHaveLength(0);
    fake.cancelSubscription(subscription, "payment_failed");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("unchanged");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("unchanged");

    const mails = await endMails(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const { date, pickups } = await queuedDays(email, "es");
    expect(mail!.subject).toBe("Tu plan de FreshFold Laundry terminó: no pudimos cobrar tu pago semanal");
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("Hola Ana, tu plan semanal terminó");
      expect(body).toContain(`Tu plan semanal terminó el ${date} porque no pudimos cobrar tu pago semanal.`);
      expect(body).toContain(`Las recogidas que ya pagaste se hacen igual: ${pickups}.`);
      expect(body).toContain("/es/signup");
      expect(body).toContain(`¿Tienes preguntas sobre un cobro o tu tarjeta? Llámanos al ${brand.phone} o escríbenos a ${brand.email}.`);
      expect(body).not.toMatch(didntCancel);
      expect(body).not.toContain("se canceló el");
    }
  });

  it("a disputed payment (payment_disputed) says the bank reversed a payment, in Spanish too", async () => {
    const email = "disputed-es@example.com";
    const subscription = await served(email, "es");
    fake.cancelSubscription(subscription, "payment_disputed");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");
    const [mail, ...more] = await endMails(email);
    expect(more).toHaveLength(0);
    const { date } = await queuedDays(email, "es");
    expect(mail!.subject).toBe("Tu plan de FreshFold Laundry terminó: no pudimos cobrar tu pago semanal");
    expect(mail!.text).toContain(`Tu plan semanal terminó el ${date} porque tu banco revirtió un pago semanal, así que no pudimos cobrarlo.`);
    expect(mail!.text).not.toMatch(didntCancel);
  });

  it("the webhook and the reconciler's slow pass both reporting it send one e-mail", async () => {
    const email = "nonpayment-both@example.com";
    const subscription = await served(email, "en");
    while ((await app.reconciler.runOnce()).subscriptions.checked > 0);
    fake.cancelSubscription(subscription, "payment_failed");
    // The webhook is late: the slow pass (this subscription due again) finds the cancellation first...
    await db().update(providerSubscriptions).set({ checkedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(providerSubscriptions.subscriptionId, subscription));
    expect(await syncSubscriptions({ db: db(), provider: app.payments, now: () => new Date(), batch: 20, periodHours: 24 })).toEqual({ checked: 1, changed: 1, errors: 0 });
    // ...then the webhook says it again.
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("unchanged");
    expect((await queued(email)).map((row) => (row.data as { nonPayment?: string }).nonPayment)).toEqual(["payment_failed"]);
    const mails = await endMails(email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your FreshFold Laundry plan has ended: we could not collect your weekly payment"]);
  });

  it("the webhook and the slow pass at once: one e-mail", async () => {
    const email = "nonpayment-race@example.com";
    const subscription = await served(email, "en");
    while ((await app.reconciler.runOnce()).subscriptions.checked > 0);
    await db().update(providerSubscriptions).set({ checkedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(providerSubscriptions.subscriptionId, subscription));
    fake.cancelSubscription(subscription, "payment_disputed");
    await Promise.all([
      deliverAbout("customer.subscription.deleted", subscription),
      syncSubscriptions({ db: db(), provider: app.payments, now: () => new Date(), batch: 20, periodHours: 24 }),
    ]);
    expect(await queued(email)).toHaveLength(1);
    const mails = await endMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("because your bank reversed a weekly payment");
  });
});

describe(`the e-mail when the customer cancels at Stripe (${testDriver})`, () => {
  it("cancelled by the customer (cancellation_requested): the cancellation e-mail as before, with its 'Didn't cancel'", async () => {
    const email = "customer-cancel@example.com";
    const subscription = await served(email, "en");
    fake.cancelSubscription(subscription, "cancellation_requested");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");
    const mails = await endMails(email);
    expect(mails).toHaveLength(1);
    const { date } = await queuedDays(email, "en");
    expect(mails[0]!.subject).toBe("Your FreshFold Laundry subscription is canceled");
    expect(mails[0]!.text).toContain(`Your weekly plan was canceled on ${date}.`);
    expect(mails[0]!.text).toContain(`Didn't cancel, or have a question? Call us at ${brand.phone} or write to ${brand.email}.`);
    expect(mails[0]!.text).not.toContain("we could not collect");
  });

  it("cancelled by Stripe's clean-up of test data (canceled_by_retention_policy): the service ends and the customer gets no e-mail", async () => {
    const email = "test-retention@example.com";
    const subscription = await served(email, "en");
    fake.cancelSubscription(subscription, "canceled_by_retention_policy");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");
    const [client] = await db().select({ isActive: clients.isActive }).from(clients).where(eq(clients.email, email));
    expect(client!.isActive).toBe(false);
    expect(await queued(email)).toHaveLength(0);
    expect(await endMails(email)).toHaveLength(0);
  });

  it("cancelled without a reason Stripe names: the cancellation e-mail as before, in Spanish", async () => {
    const email = "no-reason@example.com";
    const subscription = await served(email, "es");
    fake.updateSubscription(subscription, { status: "canceled" });
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");
    const mails = await endMails(email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Tu suscripción a FreshFold Laundry está cancelada"]);
    expect(mails[0]!.text).toContain("¿No cancelaste tú, o tienes alguna pregunta?");
  });
});

/** A moment `days` from now, in Stripe's seconds. */
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;
/** That moment's day in the service's time zone (yyyy-mm-dd). */
const serviceDay = (seconds: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(seconds * 1000));
const fullDay = (day: string, language: "en" | "es") =>
  format(parseISO(day), language === "es" ? "EEEE d 'de' MMMM 'de' yyyy" : "EEEE, MMMM d, yyyy", { locale: language === "es" ? es : enUS });
const scheduled = (email: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "cancellation-scheduled")));

describe(`the customer cancels for later, at the period's end (${testDriver})`, () => {
  it("one confirmation in English: the plan stays on until that day; none again on repeat events or the slow pass", async () => {
    const email = "cancel-later-en@example.com";
    const subscription = await served(email, "en");
    const at = inDays(5);
    fake.updateSubscription(subscription, { cancel_at_period_end: true, cancel_at: at });
    expect(await deliverAbout("customer.subscription.updated", subscription)).toBe("unchanged");
    expect(await deliverAbout("customer.subscription.updated", subscription)).toBe("unchanged");
    await db().update(providerSubscriptions).set({ checkedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(providerSubscriptions.subscriptionId, subscription));
    expect(await syncSubscriptions({ db: db(), provider: app.payments, now: () => new Date(), batch: 20, periodHours: 24 })).toMatchObject({ changed: 0, errors: 0 });
    expect(await queued(email)).toHaveLength(0);
    const rows = await scheduled(email);
    expect(rows).toHaveLength(1);
    const data = rows[0]!.data as { endsOn: string; paidPickups: string[] };
    expect(data.endsOn).toBe(serviceDay(at));

    const mails = await endMails(email);
    expect(mails).toHaveLength(1);
    const date = fullDay(data.endsOn, "en");
    const pickups = new Intl.ListFormat("en-US", { type: "conjunction" }).format(data.paidPickups.map((d) => fullDay(d, "en")));
    expect(data.paidPickups).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Your FreshFold Laundry plan ends on ${date}`);
    for (const body of [mails[0]!.text, mails[0]!.html]) {
      expect(body).toContain("Hi Ana, your plan is set to end");
      expect(body).toContain(`Your weekly plan stays on until ${date}, then ends: after that there are no more weekly charges, and no new pickups are scheduled.`);
      expect(body).toContain(`Until then your pickups go on as usual, and the pickups you have already paid for still take place: ${pickups}.`);
      expect(body).toContain(`Changed your mind? You can keep your plan from your billing portal before ${date}.`);
      expect(body).toContain("/login");
      expect(body).not.toContain("was canceled on");
    }
    // Still served meanwhile.
    expect((await app.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: true });
  });

  it("in Spanish; moved to another day, a new confirmation", async () => {
    const email = "cancel-later-es@example.com";
    const subscription = await served(email, "es");
    const first = inDays(6);
    fake.updateSubscription(subscription, { cancel_at_period_end: true, cancel_at: first });
    await deliverAbout("customer.subscription.updated", subscription);
    await deliverAbout("customer.subscription.updated", subscription);
    expect(await scheduled(email)).toHaveLength(1);
    const [mail, ...more] = await endMails(email);
    expect(more).toHaveLength(0);
    const date = fullDay(serviceDay(first), "es");
    expect(mail!.subject).toBe(`Tu plan de FreshFold Laundry termina el ${date}`);
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("Hola Ana, tu plan va a terminar");
      expect(body).toContain(`Tu plan semanal sigue activo hasta el ${date} y termina ese día: después no habrá más cobros semanales ni se programarán nuevas recogidas.`);
      expect(body).toContain("Hasta entonces tus recogidas siguen como siempre, y las recogidas que ya pagaste se hacen igual:");
      expect(body).toContain(`¿Cambiaste de idea? Puedes mantener tu plan desde tu portal de facturación antes del ${date}.`);
      expect(body).toContain("/es/login");
    }

    const later = inDays(13);
    fake.updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: later });
    await deliverAbout("customer.subscription.updated", subscription);
    expect((await scheduled(email)).map((row) => (row.data as { endsOn: string }).endsOn)).toEqual([serviceDay(first), serviceDay(later)]);
    expect(await endMails(email)).toHaveLength(2);
  });

  it("scheduled and undone before its event arrives: Stripe now says no end, so nothing is sent", async () => {
    const email = "cancel-later-undone@example.com";
    const subscription = await served(email, "en");
    const copy = fake.updateSubscription(subscription, { cancel_at_period_end: true, cancel_at: inDays(5) });
    fake.updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: null });
    const event = fake.event("customer.subscription.updated", copy);
    expect((await stripe.deliver(event)).statusCode).toBe(200);
    expect(await outcomeOf(event.id)).toBe("unchanged");
    expect(await scheduled(email)).toHaveLength(0);
    expect(await endMails(email)).toHaveLength(0);
  });
});

const undone = (email: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "cancellation-undone")));

/** Stripe now has the subscription set to end at `at` (the portal's "cancel at period end"), and says so by webhook. */
async function scheduleEnd(subscription: string, at: number) {
  fake.updateSubscription(subscription, { cancel_at_period_end: true, cancel_at: at });
  return deliverAbout("customer.subscription.updated", subscription);
}

/** Stripe no longer has an end for the subscription (the portal's "don't cancel"), and says so by webhook. */
async function undoEnd(subscription: string) {
  fake.updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: null });
  return deliverAbout("customer.subscription.updated", subscription);
}

/** The reconciler's slow pass, with this subscription (and no other) due. */
async function slowPass(subscription: string) {
  while ((await app.reconciler.runOnce()).subscriptions.checked > 0);
  await db().update(providerSubscriptions).set({ checkedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(providerSubscriptions.subscriptionId, subscription));
  return syncSubscriptions({ db: db(), provider: app.payments, now: () => new Date(), batch: 20, periodHours: 24 });
}

/** Sends what is queued and answers the subjects of the e-mails for `email` received since `before` of them. */
async function subjectsAfter(email: string, before: number) {
  return (await endMails(email)).slice(before).map((mail) => mail.subject);
}

const keptSubject = "Your FreshFold Laundry plan continues";
const keptSubjectEs = "Tu plan de FreshFold Laundry sigue activo";
const didntMakeIt = /Didn(?:'|&#39;|&#x27;|&apos;)t make this change, or have a question\?/;

describe(`the customer undoes a cancellation for later (${testDriver})`, () => {
  it("one notice in English that the plan goes on; the same event twice, a new event, a stale read and the slow pass send no second", async () => {
    const email = "undo-en@example.com";
    const subscription = await served(email, "en");
    const at = inDays(5);
    expect(await scheduleEnd(subscription, at)).toBe("unchanged");
    expect(await subjectsAfter(email, 0)).toEqual([`Your FreshFold Laundry plan ends on ${fullDay(serviceDay(at), "en")}`]);

    fake.updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: null });
    const event = fake.event("customer.subscription.updated", { ...fake.subscriptions.get(subscription)! });
    expect((await stripe.deliver(event)).statusCode).toBe(200);
    expect(await outcomeOf(event.id)).toBe("unchanged");
    expect((await stripe.deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await deliverAbout("customer.subscription.updated", subscription)).toBe("unchanged");
    expect(await deliverAbout("invoice.paid", subscription)).toBe("unchanged");
    expect(await slowPass(subscription)).toMatchObject({ checked: 1, changed: 0, errors: 0 });
    // A read begun before the undo, applied late, still shows the end: it is older than the stored state, so nothing.
    const late = { id: subscription, status: "active", customerId: null, clientId: null, collectionPaused: false, cancelAt: new Date(at * 1000), readAt: new Date(Date.now() - 3600_000) };
    expect(await applySubscriptionState(db(), app.payments.name, late, new Date())).toEqual({ outcome: "stale" });

    const rows = await undone(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual({ firstName: "Ana", wasEndingOn: serviceDay(at) });
    expect(await scheduled(email)).toHaveLength(1);
    const mails = (await endMails(email)).slice(1);
    expect(mails.map((mail) => mail.subject)).toEqual([keptSubject]);
    const date = fullDay(serviceDay(at), "en");
    for (const body of [mails[0]!.text, mails[0]!.html]) {
      expect(body).toContain("Hi Ana, your plan continues");
      expect(body).toContain(`Your weekly plan is no longer set to end on ${date}. It goes on as usual: your weekly charges and your pickups continue as before.`);
      expect(body).toContain("There is nothing you need to do.");
      expect(body).toContain("Your plan, card and invoices are in your billing portal whenever you need them.");
      expect(body).toContain("/login");
      expect(body).not.toContain("/es/login");
      expect(body).toMatch(didntMakeIt);
      expect(body).toContain(`Call us at ${brand.phone} or write to ${brand.email}.`);
    }
    expect(mails[0]!.html).toContain(">Open my billing portal</a>");
    // Still served, and nothing more to say.
    expect((await app.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: true });
    expect(await subjectsAfter(email, 2)).toEqual([]);
  });

  it("an undo first seen after the day the confirmation named (undone before this notice existed): no notice", async () => {
    const email = "undo-late@example.com";
    const subscription = await served(email, "en");
    const at = inDays(5);
    expect(await scheduleEnd(subscription, at)).toBe("unchanged");
    fake.updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: null });
    const noEnd = { id: subscription, status: "active", customerId: null, clientId: null, collectionPaused: false, cancelAt: null, readAt: new Date() };
    const afterThatDay = new Date((at + 2 * 86_400) * 1000);
    expect(await applySubscriptionState(db(), app.payments.name, noEnd, afterThatDay)).toMatchObject({ outcome: "unchanged" });
    expect(await undone(email)).toHaveLength(0);
    expect(await subjectsAfter(email, 1)).toEqual([]);
    // The day before it, the same read is news: one notice.
    const dayBefore = new Date((at - 86_400) * 1000);
    expect(await applySubscriptionState(db(), app.payments.name, { ...noEnd, readAt: new Date(Date.now() + 1000) }, dayBefore)).toMatchObject({ outcome: "unchanged" });
    expect(await subjectsAfter(email, 1)).toEqual([keptSubject]);
  });

  it("in Spanish; scheduled again for the same day and undone again: a new confirmation and a second notice; moved to another day and back, a confirmation each", async () => {
    const email = "undo-es@example.com";
    const subscription = await served(email, "es");
    const first = inDays(6);
    const date = fullDay(serviceDay(first), "es");
    await scheduleEnd(subscription, first);
    await undoEnd(subscription);
    expect(await subjectsAfter(email, 0)).toEqual([`Tu plan de FreshFold Laundry termina el ${date}`, keptSubjectEs]);
    const [kept] = (await endMails(email)).slice(1);
    for (const body of [kept!.text, kept!.html]) {
      expect(body).toContain("Hola Ana, tu plan sigue activo");
      expect(body).toContain(`Tu plan semanal ya no va a terminar el ${date}. Sigue como siempre: los cobros semanales y tus recogidas continúan sin cambios.`);
      expect(body).toContain("No tienes que hacer nada.");
      expect(body).toContain("Tu plan, tu tarjeta y tus facturas están en tu portal de facturación cuando los necesites.");
      expect(body).toContain("/es/login");
      expect(body).toContain(`¿No hiciste tú este cambio, o tienes alguna pregunta? Llámanos al ${brand.phone} o escríbenos a ${brand.email}.`);
      expect(body).not.toMatch(/Didn|plan continues/);
    }
    expect(kept!.html).toContain(">Abrir mi portal de facturación</a>");

    // The same day again: news again, since the customer's last word from us is that the plan goes on.
    await scheduleEnd(subscription, first);
    await scheduleEnd(subscription, first);
    expect(await subjectsAfter(email, 2)).toEqual([`Tu plan de FreshFold Laundry termina el ${date}`]);
    await undoEnd(subscription);
    await undoEnd(subscription);
    expect(await slowPass(subscription)).toMatchObject({ checked: 1, changed: 0, errors: 0 });
    expect(await subjectsAfter(email, 3)).toEqual([keptSubjectEs]);
    expect((await undone(email)).map((row) => row.data)).toEqual([
      { firstName: "Ana", wasEndingOn: serviceDay(first) },
      { firstName: "Ana", wasEndingOn: serviceDay(first) },
    ]);

    // Moved to another day and back without undoing: each change is what the customer last hears of.
    const later = inDays(13);
    await scheduleEnd(subscription, first);
    await scheduleEnd(subscription, later);
    await scheduleEnd(subscription, first);
    expect(await slowPass(subscription)).toMatchObject({ checked: 1, changed: 0, errors: 0 });
    expect((await scheduled(email)).map((row) => (row.data as { endsOn: string }).endsOn)).toEqual([first, first, first, later, first].map(serviceDay));
    expect(await subjectsAfter(email, 4)).toHaveLength(3);
    await undoEnd(subscription);
    expect((await undone(email)).map((row) => (row.data as { wasEndingOn: string }).wasEndingOn)).toEqual([first, first, first].map(serviceDay));
    expect(new Set([...(await scheduled(email)), ...(await undone(email))].map((row) => row.dedupeKey)).size).toBe(8);
  });

  it("an update with no end ever scheduled sends nothing, however often; a schedule undone then sends one notice", async () => {
    const email = "undo-never@example.com";
    const subscription = await served(email, "en");
    expect(await deliverAbout("customer.subscription.updated", subscription)).toBe("unchanged");
    expect(await undoEnd(subscription)).toBe("unchanged");
    expect(await deliverAbout("invoice.paid", subscription)).toBe("unchanged");
    expect(await slowPass(subscription)).toMatchObject({ checked: 1, changed: 0, errors: 0 });
    expect(await scheduled(email)).toHaveLength(0);
    expect(await undone(email)).toHaveLength(0);
    expect(await endMails(email)).toHaveLength(0);

    await scheduleEnd(subscription, inDays(4));
    await undoEnd(subscription);
    expect((await endMails(email)).map((mail) => mail.subject)).toEqual([`Your FreshFold Laundry plan ends on ${fullDay(serviceDay(inDays(4)), "en")}`, keptSubject]);
  });

  it("a client suspended when the end is undone hears nothing then; served again, the plan goes on: one notice", async () => {
    const email = "undo-suspended@example.com";
    const subscription = await served(email, "es");
    const at = inDays(5);
    await scheduleEnd(subscription, at);
    expect(await endMails(email)).toHaveLength(1);
    // Stripe's retries of a renewal ran out (unpaid) while the customer took the cancellation back.
    fake.updateSubscription(subscription, { status: "unpaid", cancel_at_period_end: false, cancel_at: null });
    expect(await deliverAbout("invoice.payment_failed", subscription)).toBe("ended");
    expect(await deliverAbout("customer.subscription.updated", subscription)).toBe("unchanged");
    expect(await slowPass(subscription)).toMatchObject({ checked: 1, changed: 0, errors: 0 });
    fake.updateSubscription(subscription, { status: "active", pause_collection: { behavior: "void", resumes_at: null } });
    expect(await deliverAbout("customer.subscription.updated", subscription)).toBe("unchanged");
    expect(await undone(email)).toHaveLength(0);
    expect(await endMails(email)).toHaveLength(1);

    // Paid and resumed: served again with no end, the last word ("ends on ...") is now wrong.
    fake.updateSubscription(subscription, { pause_collection: null });
    expect(await deliverAbout("invoice.paid", subscription)).toBe("resumed");
    expect(await deliverAbout("invoice.paid", subscription)).toBe("unchanged");
    expect((await undone(email)).map((row) => row.data)).toEqual([{ firstName: "Ana", wasEndingOn: serviceDay(at) }]);
    expect(await subjectsAfter(email, 1)).toEqual([keptSubjectEs]);
  });

  it("a subscription that ends after it was undone and scheduled again: the cancellation e-mail, no second notice", async () => {
    const email = "undo-ended@example.com";
    const subscription = await served(email, "en");
    const at = inDays(5);
    await scheduleEnd(subscription, at);
    await undoEnd(subscription);
    await scheduleEnd(subscription, at);
    expect(await subjectsAfter(email, 0)).toHaveLength(3);
    // The customer cancels now instead (Stripe clears the end it had scheduled).
    fake.updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: null });
    fake.cancelSubscription(subscription, "cancellation_requested");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");
    expect(await deliverAbout("customer.subscription.updated", subscription)).toBe("unchanged");
    expect(await slowPass(subscription)).toMatchObject({ checked: 0 });
    expect(await subjectsAfter(email, 3)).toEqual(["Your FreshFold Laundry subscription is canceled"]);
    expect(await undone(email)).toHaveLength(1);
  });
});

/**
 * Pickups booked for the client from `firstDay` to `lastDay` days from today, beside its sign-up's two (days 2 and
 * 4): what earlier sign-ups of the same address leave, since a cancellation keeps the paid pickups. The client's
 * pickups from today on, in date order.
 */
async function bookEarlierPickups(email: string, firstDay: number, lastDay: number): Promise<string[]> {
  const [client] = await db().select({ id: clients.id }).from(clients).where(eq(clients.email, email));
  const days = Array.from({ length: lastDay - firstDay + 1 }, (_, i) => newYorkDate(firstDay + i));
  await db()
    .insert(orders)
    .values(days.map((date) => ({ clientId: client!.id, date, createdBy: ORDER_CREATED_BY })));
  return [newYorkDate(2), newYorkDate(4), ...days];
}

describe(`the end-of-plan e-mails of a client with many paid pickups to come (${testDriver})`, () => {
  // The e-mail names the first few and counts the rest: its data can never refuse the state it reports.
  it("cancelled with 18 pickups to come: the webhook applies it (the client is no longer served) and the e-mail names six and counts twelve more", async () => {
    const email = "many-pickups-en@example.com";
    const subscription = await served(email, "en");
    const pickups = await bookEarlierPickups(email, 5, 20);
    expect(pickups).toHaveLength(18);
    fake.cancelSubscription(subscription, "cancellation_requested");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");
    expect((await app.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: false });
    const [row, ...others] = await queued(email);
    expect(others).toHaveLength(0);
    expect((row!.data as { paidPickups: string[] }).paidPickups).toEqual(pickups);

    const mails = await endMails(email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your FreshFold Laundry subscription is canceled"]);
    const named = new Intl.ListFormat("en-US", { type: "conjunction" }).format([...pickups.slice(0, 6).map((d) => fullDay(d, "en")), "12 more after that"]);
    for (const body of [mails[0]!.text, mails[0]!.html]) {
      expect(body).toContain(`The pickups you have already paid for still take place: ${named}.`);
      expect(body).not.toContain(fullDay(pickups[6]!, "en"));
    }
  });

  it("set to end later with 7 pickups to come, in Spanish: confirmed, naming six and one more; then cancelled: the cancellation e-mail likewise", async () => {
    const email = "many-pickups-es@example.com";
    const subscription = await served(email, "es");
    const pickups = await bookEarlierPickups(email, 5, 9);
    const at = inDays(5);
    expect(await scheduleEnd(subscription, at)).toBe("unchanged");
    const [confirmation] = await scheduled(email);
    expect((confirmation!.data as { paidPickups: string[] }).paidPickups).toEqual(pickups);
    const named = new Intl.ListFormat("es-US", { type: "conjunction" }).format([...pickups.slice(0, 6).map((d) => fullDay(d, "es")), "otra más adelante"]);
    const [mail, ...more] = await endMails(email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Tu plan de FreshFold Laundry termina el ${fullDay(serviceDay(at), "es")}`);
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain(`Hasta entonces tus recogidas siguen como siempre, y las recogidas que ya pagaste se hacen igual: ${named}.`);
    }

    fake.cancelSubscription(subscription, "cancellation_requested");
    expect(await deliverAbout("customer.subscription.deleted", subscription)).toBe("ended");
    const cancellation = (await endMails(email))[1]!;
    expect(cancellation.subject).toBe("Tu suscripción a FreshFold Laundry está cancelada");
    for (const body of [cancellation.text, cancellation.html]) {
      expect(body).toContain(`Las recogidas que ya pagaste se hacen igual: ${named}.`);
      expect(body).not.toContain(fullDay(pickups[6]!, "es"));
    }
  });
});

describe(`what the customer was last told, looked up (${testDriver})`, () => {
  // Every update of a subscription asks for its last end-of-plan notice, inside the transaction that locks its row:
  // read through the outbox's kind index (a few notices), never by a scan of every message ever queued.
  it("is read through an index on the outbox, not a scan of it", async () => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain `.append(lastEndNoticeQuery(tx, 1, "sub_test").getSQL()))) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("email_outbox_kind_idx");
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
