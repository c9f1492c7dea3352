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
  createPortalSession(request: PortalRequest): Promise<{ url: string }>;
  /**
   * The same provider for a call a browser waits on: every request it makes ends within `ms` from now, all of them
   * together (timeouts and retries included), so the server answers before the browser gives up. Absent on a
   * provider that answers from this server's own database (the sandbox).
   */
  within?(ms: number): PaymentProvider;
}
