// The one payment interface behind which the sandbox provider and Stripe sit.
import type { Language } from "#contract/common";

export interface CheckoutRequest {
  /** Our client's id and e-mail (normalised). */
  clientId: number;
  email: string;
  customerName: string;
  language: Language;
  /** The renewal date (yyyy-mm-dd): the first weekly charge, at 00:00 America/New_York. */
  renewalDate: string;
  /** success_url with the provider's session-id placeholder already appended by the caller. */
  successUrl: string;
  cancelUrl: string;
  /** When the session (and the days it holds) expires. */
  expiresAt: Date;
  /** One key per create call, kept by its network retries, so a retried create does not open a second session. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface CheckoutStatus {
  paid: boolean;
  /** The session can no longer be paid (expired at the provider): an unpaid one need not be asked about again. */
  closed?: boolean;
  /** The provider's customer, once known (needed for the portal). */
  customerId?: string;
  subscriptionId?: string;
  /** The subscription as the provider answered with the session, when it did (Stripe expands it). */
  subscription?: SubscriptionState;
}

/**
 * A subscription as the provider reports it now (decision 020): Stripe's statuses are incomplete,
 * incomplete_expired, trialing, active, past_due, canceled, unpaid and paused; the sandbox's active and canceled.
 */
export interface SubscriptionState {
  id: string;
  /** The provider's status; a value Stripe adds later is kept as it came (and neither serves nor ends). */
  status: string;
  customerId: string | null;
  /** Our client's id from the subscription's metadata (set at checkout), when it has one. */
  clientId: number | null;
  /** Stripe's pause_collection is set: the status stays active but no invoice is charged. */
  collectionPaused: boolean;
  /**
   * Why a cancelled subscription ended, as the provider gives it (Stripe's `cancellation_details.reason`:
   * cancellation_requested, payment_failed, payment_disputed, or one it adds later; the sandbox portal's Cancel is
   * cancellation_requested). Null or absent when it is not cancelled or the provider does not say (decision 024).
   */
  cancellationReason?: string | null;
  /**
   * When a subscription that still serves is set to end (Stripe's `cancel_at`, which cancelling "at period end"
   * sets too): the customer cancelled for later. Null or absent when no end is scheduled (decision 024).
   */
  cancelAt?: Date | null;
  /** When the provider was asked (just before the request): the state is at least this recent. */
  readAt: Date;
}

/** A dispute (chargeback) as the provider reports it now: what the operator needs to answer it. */
export interface DisputeState {
  id: string;
  /** In the currency's smallest unit (cents for USD). */
  amount: number;
  /** Lower case, as Stripe gives it ("usd"). */
  currency: string;
  /** Stripe's reason: fraudulent, product_not_received, duplicate, ... */
  reason: string;
  /** Stripe's status: needs_response, under_review, won, lost, ... */
  status: string;
  /** The deadline for evidence, when there is one. */
  dueBy: Date | null;
  /** The customer of the disputed charge, when it has one. */
  customerId: string | null;
  livemode: boolean;
}

export interface PortalRequest {
  customerId: string;
  email: string;
  language: Language;
  returnUrl: string;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  /** Placeholder the provider replaces with the session id in the success URL. */
  readonly sessionIdPlaceholder: string;
  /** Origins of the provider's hosted pages (checkout, portal); none when they are on the site's own origin. */
  readonly origins?: readonly string[];
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Expires an open session (a replaced or cancelled sign-up); a no-op when already expired. Rejects for a
   * complete one: it was paid, or its payment may still come, so it is not closed.
   */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Asks the provider whether the checkout was paid (never trusts the browser); throws when it cannot answer. */
  getCheckoutStatus(sessionId: string): Promise<CheckoutStatus>;
  /**
   * Asks the provider for a subscription as it is now (never trust an event's copy: events come late, twice and out
   * of order); undefined when the provider does not know it. Throws when it cannot answer.
   */
  getSubscription(subscriptionId: string): Promise<SubscriptionState | undefined>;
  /** Asks the provider for a dispute as it is now; undefined when it does not know it (the sandbox has none). Throws when it cannot answer. */
  getDispute(disputeId: string): Promise<DisputeState | undefined>;
  createPortalSession(request: PortalRequest): Promise<{ url: string }>;
  /**
   * The same provider for a call a browser waits on: every request it makes ends within `ms` from now, all of them
   * together (timeouts and retries included), so the server answers before the browser gives up. Absent on a
   * provider that answers from this server's own database (the sandbox).
   */
  within?(ms: number): PaymentProvider;
}
