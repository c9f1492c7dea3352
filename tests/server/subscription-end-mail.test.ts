// The e-mail a customer gets when the subscription ends at Stripe (decision 024): the customer's own cancellation
// keeps the cancellation e-mail ("Didn't cancel?"), while Stripe ending it for non-payment (its retries of a renewal
// ran out, or a payment was disputed) says so instead; one per subscription, whoever reports it. Received on a
// real SMTP server, in English and in Spanish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { format, parseISO } from "date-fns";
import { enUS, es } from "date-fns/locale";
import type { FastifyInstance } from "fastify";
import { emailOutbox, paymentEvents, providerSubscriptions } from "#server/db/schema";
import { syncSubscriptions } from "#server/services/subscription-state";
import { brand } from "../../src/config/brand";
import type { FakeStripe } from "./fakes/stripe-api";
import { testDriver } from "./helpers/database";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./helpers/mail-smtp";
import { startStripeApp, type StripeTestApp } from "./helpers/stripe";

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

  it("in Spanish; undone, nothing more; scheduled again for the same day, nothing more; for another day, a new confirmation", async () => {
    const email = "cancel-later-es@example.com";
    const subscription = await served(email, "es");
    const first = inDays(6);
    fake.updateSubscription(subscription, { cancel_at_period_end: true, cancel_at: first });
    await deliverAbout("customer.subscription.updated", subscription);
    fake.updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: null });
    await deliverAbout("customer.subscription.updated", subscription);
    fake.updateSubscription(subscription, { cancel_at_period_end: true, cancel_at: first });
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
