// The Stripe provider with the real `stripe` client against the local fake of Stripe's API.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { addDays, format, parseISO } from "date-fns";
import { StripeProvider, createStripeClient, subscriptionState } from "#server/payments/stripe";
import { firstCharge, startOfDayIn } from "#server/payments/stripe-schedule";
import type { CheckoutRequest } from "#server/payments/provider";
import { startFakeStripe, type FakeStripe } from "./fakes/stripe-api";

/** Today's date in New York, plus `days`. */
function newYorkDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  return format(addDays(parseISO(today), days), "yyyy-MM-dd");
}

let fake: FakeStripe;
let provider: StripeProvider;
let sequence = 0;

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  sequence += 1;
  return {
    clientId: 41,
    email: "ana@example.com",
    customerName: "Ana Pérez",
    language: "en",
    renewalDate: newYorkDate(6),
    successUrl: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3000/payment-canceled",
    expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    idempotencyKey: `checkout-test-${sequence}`,
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripeProvider({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url, STRIPE_AUTOMATIC_TAX: false });
});
afterAll(() => fake.close());
afterEach(() => {
  // Any request the fake refused is a wrong request, even if the provider swallowed the error.
  const wrong = fake.rejected.filter((r) => !r.error?.startsWith("Only Checkout Sessions"));
  fake.rejected.length = 0;
  expect(wrong).toEqual([]);
});

describe("the first weekly charge", () => {
  it("is 00:00 New York time on the renewal date, across daylight saving time", () => {
    expect(startOfDayIn("2026-07-12").toISOString()).toBe("2026-07-12T04:00:00.000Z");
    expect(startOfDayIn("2026-01-11").toISOString()).toBe("2026-01-11T05:00:00.000Z");
    expect(startOfDayIn("2026-03-08").toISOString()).toBe("2026-03-08T05:00:00.000Z"); // DST starts at 02:00 that day
    expect(startOfDayIn("2026-11-01").toISOString()).toBe("2026-11-01T04:00:00.000Z"); // DST ends at 02:00 that day
  });

  it("is a trial end when at least 48 hours away, otherwise a billing cycle anchor without proration", () => {
    const now = new Date("2026-07-08T12:00:00Z"); // a Wednesday, 08:00 in New York
    expect(firstCharge("2026-07-12", now)).toEqual({ kind: "trial_end", trial_end: Date.parse("2026-07-12T04:00:00Z") / 1000 });
    expect(firstCharge("2026-07-10", new Date("2026-07-08T12:00:00Z"))).toEqual({
      kind: "billing_cycle_anchor",
      billing_cycle_anchor: Date.parse("2026-07-10T04:00:00Z") / 1000,
      proration_behavior: "none",
    });
    // Minutes before the renewal midnight the anchor stays in the future, still on the renewal day.
    const late = new Date("2026-07-12T03:58:00Z");
    const anchor = firstCharge("2026-07-12", late);
    expect(anchor.kind).toBe("billing_cycle_anchor");
    if (anchor.kind === "billing_cycle_anchor") {
      expect(anchor.billing_cycle_anchor).toBeGreaterThan(late.getTime() / 1000);
      expect(anchor.billing_cycle_anchor).toBeLessThan(Date.parse("2026-07-12T04:15:00Z") / 1000);
    }
  });
});

describe("StripeProvider.createCheckoutSession", () => {
  it("opens a subscription checkout: $19.99 first week now, $29.99 weekly from a trial ending on the renewal date", async () => {
    const renewalDate = newYorkDate(6);
    const session = await provider.createCheckoutSession(request({ renewalDate }));
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(provider.origins).toContain(new URL(session.url).origin);
    expect(session.expiresAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 30 * 60 * 1000);

    const sent = fake.paramsOf(session.id);
    expect(sent.mode).toBe("subscription");
    expect(sent.line_items).toHaveLength(2);
    const [oneTime, weekly] = sent.line_items;
    expect(oneTime).toMatchObject({ quantity: 1, price_data: { currency: "usd", unit_amount: 1999, product_data: { name: "First week" } } });
    expect(oneTime!.price_data.recurring).toBeUndefined();
    expect(weekly).toMatchObject({ quantity: 1, price_data: { currency: "usd", unit_amount: 2999, recurring: { interval: "week", interval_count: 1 } } });
    expect(sent.allowed_payment_method_types).toEqual(["card"]);
    expect(sent.customer_email).toBe("ana@example.com");
    expect(sent.client_reference_id).toBe("41");
    expect(sent.metadata).toEqual({ clientId: "41", email: "ana@example.com", renewalDate, language: "en" });
    expect(sent.locale).toBe("en");
    expect(sent.success_url).toBe("http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}");
    expect(sent.cancel_url).toBe("http://localhost:3000/payment-canceled");
    expect(sent.automatic_tax).toEqual({ enabled: false });
    expect(sent.subscription_data).toEqual({
      metadata: { clientId: "41", email: "ana@example.com", renewalDate, language: "en" },
      trial_end: startOfDayIn(renewalDate).getTime() / 1000,
    });
    // Only the first week is due today.
    expect(fake.sessions.get(session.id)?.amount_total).toBe(1999);
  });

  it("anchors the billing cycle on the renewal midnight, without proration, when that is under 48 hours away", async () => {
    const renewalDate = newYorkDate(1);
    const session = await provider.createCheckoutSession(request({ renewalDate, language: "es" }));
    const sent = fake.paramsOf(session.id);
    const renewal = startOfDayIn(renewalDate).getTime() / 1000;
    expect(sent.subscription_data?.trial_end).toBeUndefined();
    expect(sent.subscription_data?.proration_behavior).toBe("none");
    expect(sent.subscription_data?.billing_cycle_anchor).toBe(Math.max(renewal, Math.floor(Date.now() / 1000) + 600));
    expect(sent.locale).toBe("es");
    expect(sent.metadata?.language).toBe("es");
    expect(fake.sessions.get(session.id)?.amount_total).toBe(1999);
  });

  it("turns on Stripe Tax only when configured", async () => {
    const taxed = new StripeProvider({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url, STRIPE_AUTOMATIC_TAX: true });
    const session = await taxed.createCheckoutSession(request());
    expect(fake.paramsOf(session.id).automatic_tax).toEqual({ enabled: true });
    expect(fake.paramsOf(session.id).line_items.every((item) => item.price_data.tax_behavior === "exclusive")).toBe(true);
  });

  it("sends the request's idempotency key, so a retried create returns the same session", async () => {
    // A retry is the stripe client's, with the first try's very body. Two calls here compute the parameters
    // twice, so they read one instant: across a second's turn, expires_at differed and Stripe refused the key.
    const atOneInstant = new Date();
    const retrying = new StripeProvider({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url, STRIPE_AUTOMATIC_TAX: false }, { now: () => atOneInstant });
    const first = request();
    const again = { ...first };
    const a = await retrying.createCheckoutSession(first);
    const b = await retrying.createCheckoutSession(again);
    expect(b.id).toBe(a.id);
    const creates = fake.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.params.client_reference_id === "41");
    expect(creates.at(-1)?.idempotencyKey).toBe(first.idempotencyKey);
    const other = await provider.createCheckoutSession(request());
    expect(other.id).not.toBe(a.id);
  });

  it("restores a percent-encoded session placeholder so Stripe can fill it in", async () => {
    const successUrl = `http://localhost:3000/payment-success?${new URLSearchParams({ session_id: "{CHECKOUT_SESSION_ID}" })}`;
    const session = await provider.createCheckoutSession(request({ successUrl }));
    expect(fake.paramsOf(session.id).success_url).toBe("http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}");
  });

  it("asks for at least Stripe's 30 minutes even when the hold was computed a moment earlier", async () => {
    const session = await provider.createCheckoutSession(request({ expiresAt: new Date(Date.now() - 5_000 + 30 * 60 * 1000) }));
    expect(fake.paramsOf(session.id).expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it("reports a refused request as a payment provider error", async () => {
    const broken = new StripeProvider({ STRIPE_SECRET_KEY: "sk_test_wrong", STRIPE_API_URL: fake.url, STRIPE_AUTOMATIC_TAX: false });
    await expect(broken.createCheckoutSession(request())).rejects.toMatchObject({ statusCode: 502, code: "payment_provider_error" });
    fake.rejected.length = 0;
  });
});

describe("StripeProvider: expire, status and portal", () => {
  it("expires an open session and ignores one already expired; a complete one is not closed", async () => {
    const open = await provider.createCheckoutSession(request());
    await provider.expireCheckoutSession(open.id);
    expect(fake.sessions.get(open.id)?.status).toBe("expired");
    await expect(provider.expireCheckoutSession(open.id)).resolves.toBeUndefined();
    expect(await provider.getCheckoutStatus(open.id)).toEqual({ paid: false, closed: true });

    const paid = await provider.createCheckoutSession(request());
    fake.completeSession(paid.id);
    await expect(provider.expireCheckoutSession(paid.id)).rejects.toMatchObject({ statusCode: 502, code: "payment_provider_error" });
    expect(fake.sessions.get(paid.id)?.status).toBe("complete");
    fake.rejected.length = 0;
  });

  it("reports a session paid only once Stripe says so, with its customer and subscription", async () => {
    const session = await provider.createCheckoutSession(request());
    expect(await provider.getCheckoutStatus(session.id)).toEqual({ paid: false });
    const completed = fake.completeSession(session.id);
    const status = await provider.getCheckoutStatus(session.id);
    expect(status).toEqual({
      paid: true,
      customerId: completed.customer,
      subscriptionId: completed.subscription,
      // The subscription Stripe expanded, as getSubscription answers it: fulfilment stores it before deciding.
      subscription: { id: completed.subscription, status: "trialing", customerId: completed.customer, clientId: 41, collectionPaused: false, cancellationReason: null, cancelAt: null, readAt: expect.any(Date) },
    });
    expect(fake.subscriptions.get(completed.subscription!)?.status).toBe("trialing");
    const retrieve = fake.requests.filter((r) => r.method === "GET").at(-1);
    expect(retrieve?.params).toEqual({ expand: ["subscription"] });
  });

  it("treats an unknown session as unpaid", async () => {
    expect(await provider.getCheckoutStatus("cs_test_unknown")).toEqual({ paid: false, closed: true });
    fake.rejected.length = 0;
  });

  it("answers a subscription as Stripe has it now: status, customer, our client, paused collection, why it was cancelled; undefined when unknown", async () => {
    const session = await provider.createCheckoutSession(request({ clientId: 57 }));
    const { customer, subscription } = fake.completeSession(session.id);
    fake.updateSubscription(subscription!, { status: "past_due", pause_collection: { behavior: "keep_as_draft", resumes_at: null } });
    const before = new Date();
    const state = await provider.getSubscription(subscription!);
    expect(state).toEqual({ id: subscription, status: "past_due", customerId: customer, clientId: 57, collectionPaused: true, cancellationReason: null, cancelAt: null, readAt: expect.any(Date) });
    expect(state!.readAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/subscriptions/${subscription}`, status: 200 });
    // Cancelled for later: cancel_at says when (decision 024).
    fake.updateSubscription(subscription!, { cancel_at: 1_900_000_000, cancel_at_period_end: true });
    expect(await provider.getSubscription(subscription!)).toMatchObject({ id: subscription, cancelAt: new Date(1_900_000_000_000) });
    // Stripe's dunning ran out: cancelled, and cancellation_details says why (decision 024).
    fake.cancelSubscription(subscription!, "payment_failed");
    expect(await provider.getSubscription(subscription!)).toMatchObject({ id: subscription, status: "canceled", cancellationReason: "payment_failed" });
    expect(await provider.getSubscription("sub_test_unknown")).toBeUndefined();
    fake.rejected.length = 0;
  });

  it("reads a cancellation for later from cancel_at, or from cancel_at_period_end and the items' period end when only the flag is set", () => {
    const readAt = new Date();
    const base = { id: "sub_test_later", object: "subscription", status: "active", customer: "cus_test", metadata: {}, pause_collection: null, cancellation_details: null };
    const state = (fields: object) => subscriptionState({ ...base, ...fields } as unknown as Stripe.Subscription, readAt);
    expect(state({ cancel_at: null, cancel_at_period_end: false, items: { data: [{ current_period_end: 1_900_000_000 }] } }).cancelAt).toBeNull();
    expect(state({ cancel_at: 1_900_000_100, cancel_at_period_end: true }).cancelAt).toEqual(new Date(1_900_000_100_000));
    expect(state({ cancel_at: null, cancel_at_period_end: true, items: { data: [{ current_period_end: 1_900_000_000 }, { current_period_end: 1_900_000_500 }] } }).cancelAt).toEqual(
      new Date(1_900_000_500_000),
    );
  });

  it("reports Stripe unreachable while asking for a subscription as a payment provider error", async () => {
    fake.outage(true);
    try {
      await expect(provider.getSubscription("sub_test_any")).rejects.toMatchObject({ statusCode: 502, code: "payment_provider_error" });
    } finally {
      fake.outage(false);
      fake.rejected.length = 0;
    }
  });

  it("opens the billing portal for the customer, in the client's language, returning to the site", async () => {
    const session = await provider.createCheckoutSession(request());
    const { customer } = fake.completeSession(session.id);
    const portal = await provider.createPortalSession({ customerId: customer!, email: "ana@example.com", language: "es", returnUrl: "http://localhost:3000/" });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const sent = fake.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1);
    expect(sent?.params).toEqual({ customer, return_url: "http://localhost:3000/", locale: "es" });
  });
});

describe("the fake refuses what Stripe refuses", () => {
  const client = () => createStripeClient({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url });
  const base = (): Stripe.Checkout.SessionCreateParams => ({
    mode: "subscription",
    success_url: "http://localhost:3000/payment-success",
    line_items: [{ price_data: { currency: "usd", unit_amount: 2999, recurring: { interval: "week" }, product_data: { name: "Weekly plan" } }, quantity: 1 }],
  });
  const refused = async (params: Stripe.Checkout.SessionCreateParams, message: RegExp, options?: { idempotencyKey: string }) => {
    await expect(client().checkout.sessions.create(params, options)).rejects.toThrow(message);
    expect(fake.rejected.length).toBeGreaterThan(0);
    fake.rejected.length = 0;
  };
  const now = () => Math.floor(Date.now() / 1000);

  it("an unknown parameter", async () => {
    await refused({ ...base(), ...({ first_week: true } as object) }, /Received unknown parameter: first_week/);
    await refused({ ...base(), subscription_data: { ...({ anchor: 1 } as object) } }, /Received unknown parameter: subscription_data\[anchor\]/);
  });

  it("missing required fields", async () => {
    const { mode: _mode, ...noMode } = base();
    await refused(noMode as Stripe.Checkout.SessionCreateParams, /Missing required param: mode/);
    const { success_url: _url, ...noSuccess } = base();
    await refused(noSuccess, /Missing required param: success_url/);
    await refused({ ...base(), line_items: [] }, /line_items/);
  });

  it("a trial ending under 48 hours from now", async () => {
    await refused({ ...base(), subscription_data: { trial_end: now() + 47 * 3600 } }, /at least 2 days/);
  });

  it("a billing cycle anchor in the past or after the next natural billing date, or proration without an anchor", async () => {
    await refused({ ...base(), subscription_data: { billing_cycle_anchor: now() - 60 } }, /future/);
    await refused({ ...base(), subscription_data: { billing_cycle_anchor: now() + 8 * 86_400 } }, /next natural billing date/);
    await refused({ ...base(), subscription_data: { proration_behavior: "none" } }, /only be set together with billing_cycle_anchor/);
  });

  it("an invalid recurring interval, and a session expiring too soon", async () => {
    await refused(
      { ...base(), line_items: [{ price_data: { currency: "usd", unit_amount: 2999, recurring: { interval: "fortnight" }, product_data: { name: "x" } }, quantity: 1 }] },
      /recurring\]\[interval\]/,
    );
    await refused({ ...base(), expires_at: now() + 29 * 60 }, /at least 30 minutes/);
  });

  it("the same idempotency key with different parameters", async () => {
    await client().checkout.sessions.create(base(), { idempotencyKey: "same-key" });
    await refused({ ...base(), customer_email: "other@example.com" }, /same parameters/, { idempotencyKey: "same-key" });
  });
});
