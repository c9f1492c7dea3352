// The Stripe payment provider: Checkout Sessions in subscription mode and billing-portal sessions, through the
// official client. STRIPE_API_URL points the client at another host (the tests' local fake of Stripe's API).
import Stripe from "stripe";
import type { Config } from "../config";
import { ApiError } from "../errors";
import { PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/plan";
import type { CheckoutRequest, CheckoutSession, CheckoutStatus, PaymentProvider, DisputeState, PortalRequest, SubscriptionState } from "./provider";
import { firstCharge } from "./stripe-schedule";

export const STRIPE_SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
/** Where Stripe's hosted pages live: Checkout and the billing portal. */
export const STRIPE_ORIGINS = ["https://checkout.stripe.com", "https://billing.stripe.com"] as const;

/** Stripe: expires_at "can be anywhere from 30 minutes to 24 hours after Checkout Session creation". */
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
/** Our clock and Stripe's differ by the request's latency; a session asked to end at exactly +30 min is refused. */
const SESSION_MARGIN_SECONDS = 60;

export type StripeSettings = Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL" | "STRIPE_AUTOMATIC_TAX">;

/**
 * Inside a browser's wait (StripeProvider.within): one attempt's timeout, and the client's pause before its retry
 * (stripe-node waits 0.5 s before a first retry). A retry keeps its idempotency key: ours on a checkout's
 * creation, the client's own on every other POST.
 */
const BROWSER_ATTEMPT_MS = 8_000;
const RETRY_PAUSE_MS = 1_000;
/** Less than this left of a browser's wait: the provider is not asked at all (its answer would come too late). */
const MIN_ATTEMPT_MS = 1_000;

/**
 * The official client, aimed at STRIPE_API_URL when it is set (host, port and protocol). Its own timeout and
 * retries are the background's (the reconciler): a call a browser waits on passes its own (StripeProvider.within).
 */
export function createStripeClient(settings: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">): Stripe {
  if (!settings.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.STRIPE_API_URL) {
    const url = new URL(settings.STRIPE_API_URL);
    const protocol = url.protocol === "http:" ? "http" : "https";
    options.protocol = protocol;
    options.host = url.hostname;
    options.port = url.port || (protocol === "http" ? 80 : 443);
  }
  return new Stripe(settings.STRIPE_SECRET_KEY, options);
}

function providerError(error: unknown): ApiError {
  const apiError = new ApiError(502, "payment_provider_error", "The payment provider could not be reached. Please try again.");
  (apiError as Error & { cause?: unknown }).cause = error;
  return apiError;
}

const idOf = (value: string | { id: string } | null): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * When a Stripe subscription is set to end: `cancel_at`, which Stripe also sets for `cancel_at_period_end`; should an
 * object carry only the flag, the end of its items' current period (where API 2025-03-31 on keeps it).
 */
function scheduledEnd(subscription: Stripe.Subscription): Date | null {
  if (subscription.cancel_at) return new Date(subscription.cancel_at * 1000);
  if (!subscription.cancel_at_period_end) return null;
  const ends = (subscription.items?.data ?? []).map((item) => item.current_period_end).filter((end) => Number.isFinite(end) && end > 0);
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

/** What the service rule needs of a Stripe subscription (decisions 020 and 024). */
export function subscriptionState(subscription: Stripe.Subscription, readAt: Date): SubscriptionState {
  const clientId = Number(subscription.metadata?.clientId);
  return {
    id: subscription.id,
    status: subscription.status,
    customerId: idOf(subscription.customer),
    clientId: Number.isInteger(clientId) && clientId > 0 ? clientId : null,
    collectionPaused: subscription.pause_collection != null,
    cancellationReason: subscription.cancellation_details?.reason ?? null,
    cancelAt: scheduledEnd(subscription),
    readAt,
  };
}

/** A caller that built the success URL with URLSearchParams has the placeholder percent-encoded; Stripe needs it literal. */
function withLiteralPlaceholder(url: string): string {
  return url.replace(/%7BCHECKOUT_SESSION_ID%7D/gi, STRIPE_SESSION_ID_PLACEHOLDER);
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly sessionIdPlaceholder = STRIPE_SESSION_ID_PLACEHOLDER;
  readonly origins = STRIPE_ORIGINS;
  readonly stripe: Stripe;
  private readonly settings: StripeSettings;
  private readonly now: () => Date;
  /** performance.now() by which every request must have ended (a browser's wait); none in the background. */
  private readonly deadline: number | undefined;

  constructor(settings: StripeSettings, options: { client?: Stripe; now?: () => Date; deadline?: number } = {}) {
    this.stripe = options.client ?? createStripeClient(settings);
    this.settings = settings;
    this.now = options.now ?? (() => new Date());
    this.deadline = options.deadline;
  }

  within(ms: number): StripeProvider {
    return new StripeProvider(this.settings, { client: this.stripe, now: this.now, deadline: performance.now() + ms });
  }

  /**
   * A request's timeout and retries: the client's own in the background; inside a browser's wait, two attempts
   * when both fit in what is left of it, else one with what is left, and none when too little is left.
   */
  private limits(): Stripe.RequestOptions {
    if (this.deadline === undefined) return {};
    const left = Math.floor(this.deadline - performance.now());
    if (left < MIN_ATTEMPT_MS) throw new Error("no time left for the payment provider within the browser's wait");
    if (left >= 2 * BROWSER_ATTEMPT_MS + RETRY_PAUSE_MS) return { timeout: BROWSER_ATTEMPT_MS, maxNetworkRetries: 1 };
    return { timeout: Math.min(BROWSER_ATTEMPT_MS, left), maxNetworkRetries: 0 };
  }

  /** The Checkout Session parameters for a sign-up (exported through the class for tests and the decision record). */
  checkoutParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
    const now = this.now();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expiresAt = Math.min(
      Math.max(Math.ceil(request.expiresAt.getTime() / 1000), nowSeconds + MIN_SESSION_SECONDS + SESSION_MARGIN_SECONDS),
      nowSeconds + MAX_SESSION_SECONDS - SESSION_MARGIN_SECONDS,
    );
    const schedule = firstCharge(request.renewalDate, now);
    const metadata = {
      clientId: String(request.clientId),
      email: request.email,
      renewalDate: request.renewalDate,
      language: request.language,
    };
    // Prices are before tax (product.md PLAN-1); with Stripe Tax on, tax is added on top.
    const taxBehavior = "exclusive" as const;
    return {
      mode: "subscription",
      line_items: [
        {
          price_data: {
            currency: "usd",
            unit_amount: PRICE_DUE_TODAY_CENTS,
            tax_behavior: taxBehavior,
            product_data: { name: request.language === "es" ? "Primera semana" : "First week" },
          },
          quantity: 1,
        },
        {
          price_data: {
            currency: "usd",
            unit_amount: PRICE_WEEKLY_CENTS,
            tax_behavior: taxBehavior,
            recurring: { interval: "week", interval_count: 1 },
            product_data: { name: request.language === "es" ? "Plan semanal" : "Weekly plan" },
          },
          quantity: 1,
        },
      ],
      // The spec's card checkout (wallets such as Apple Pay and Google Pay are cards): no method whose payment
      // stays pending for days after the session completes.
      allowed_payment_method_types: ["card"],
      customer_email: request.email,
      client_reference_id: String(request.clientId),
      metadata,
      locale: request.language,
      success_url: withLiteralPlaceholder(request.successUrl),
      cancel_url: request.cancelUrl,
      expires_at: expiresAt,
      automatic_tax: { enabled: this.settings.STRIPE_AUTOMATIC_TAX },
      subscription_data:
        schedule.kind === "trial_end"
          ? { metadata, trial_end: schedule.trial_end }
          : { metadata, billing_cycle_anchor: schedule.billing_cycle_anchor, proration_behavior: schedule.proration_behavior },
    };
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(this.checkoutParams(request), {
        ...this.limits(),
        idempotencyKey: request.idempotencyKey,
      });
    } catch (error) {
      throw providerError(error);
    }
    if (!session.url) throw providerError(new Error(`Checkout Session ${session.id} has no url`));
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId, undefined, this.limits());
    } catch (error) {
      // Only an open session can be expired; one already expired (or gone) is what we wanted. A complete one is
      // not closed: paid, or a bank debit still pending that may yet be paid, so it must not be released.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const session = await this.retrieve(sessionId);
        if (!session || session.status === "expired") return;
      }
      throw providerError(error);
    }
  }

  async getCheckoutStatus(sessionId: string): Promise<CheckoutStatus> {
    const readAt = this.now();
    const session = await this.retrieve(sessionId, ["subscription"]);
    if (!session) return { paid: false, closed: true };
    const subscription = session.subscription;
    const subscriptionStatus = typeof subscription === "object" && subscription ? subscription.status : undefined;
    const paid =
      session.payment_status === "paid" ||
      (session.status === "complete" && (subscriptionStatus === "trialing" || subscriptionStatus === "active"));
    const customerId = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? undefined);
    const subscriptionId = typeof subscription === "string" ? subscription : (subscription?.id ?? undefined);
    return {
      paid,
      ...(!paid && session.status === "expired" ? { closed: true } : {}),
      ...(customerId ? { customerId } : {}),
      ...(subscriptionId ? { subscriptionId } : {}),
      ...(typeof subscription === "object" && subscription ? { subscription: subscriptionState(subscription, readAt) } : {}),
    };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionState | undefined> {
    const readAt = this.now();
    try {
      return subscriptionState(await this.stripe.subscriptions.retrieve(subscriptionId, undefined, this.limits()), readAt);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw providerError(error);
    }
  }

  async getDispute(disputeId: string): Promise<DisputeState | undefined> {
    try {
      const dispute = await this.stripe.disputes.retrieve(disputeId, { expand: ["charge"] }, this.limits());
      const charge = typeof dispute.charge === "string" ? undefined : dispute.charge;
      return {
        id: dispute.id,
        amount: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        status: dispute.status,
        dueBy: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
        customerId: charge?.customer ? (typeof charge.customer === "string" ? charge.customer : charge.customer.id) : null,
        livemode: dispute.livemode,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw providerError(error);
    }
  }

  async createPortalSession(request: PortalRequest): Promise<{ url: string }> {
    try {
      const session = await this.stripe.billingPortal.sessions.create(
        { customer: request.customerId, return_url: request.returnUrl, locale: request.language },
        this.limits(),
      );
      return { url: session.url };
    } catch (error) {
      throw providerError(error);
    }
  }

  /** The session, or undefined when Stripe does not know it. */
  private async retrieve(sessionId: string, expand?: string[]): Promise<Stripe.Checkout.Session | undefined> {
    try {
      return await this.stripe.checkout.sessions.retrieve(sessionId, expand ? { expand } : undefined, this.limits());
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw providerError(error);
    }
  }
}

export function createStripeProvider(config: StripeSettings): StripeProvider {
  return new StripeProvider(config);
}
