// The sandbox payment provider: hosted checkout and billing portal served by this same server, no account needed.
// It keeps its own records (as a real provider would on its side) and is reached only through PaymentProvider.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/index";
import type { Db } from "../services/db";
import { sandboxCheckoutSessions, sandboxPortalSessions, sandboxSubscriptions } from "../db/schema";
import { PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/plan";
import type { CheckoutRequest, CheckoutSession, CheckoutStatus, PaymentProvider, DisputeState, PortalRequest, SubscriptionState } from "./provider";

export const SANDBOX_SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
/** How long a portal link stays usable. */
export const SANDBOX_PORTAL_MINUTES = 60;

/** The sandbox's test cards (the numbers Stripe's test mode uses for the same outcomes). */
export const TEST_CARD_PAYS = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

export interface SandboxOptions {
  db: Database;
  /** The site's own origin: the sandbox's pages live on it. */
  origin: string;
  now: () => Date;
}

export type PayOutcome =
  | { outcome: "paid"; successUrl: string; customerId: string; subscriptionId: string }
  | { outcome: "declined" | "invalid_card" }
  | { outcome: "expired" | "not_found" };

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly sessionIdPlaceholder = SANDBOX_SESSION_ID_PLACEHOLDER;

  constructor(private readonly options: SandboxOptions) {}

  private get db() {
    return this.options.db;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    await this.db
      .insert(sandboxCheckoutSessions)
      .values({
        id: newId("cs_sandbox"),
        idempotencyKey: request.idempotencyKey,
        email: request.email,
        customerName: request.customerName,
        language: request.language,
        renewalDate: request.renewalDate,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt,
        createdAt: this.options.now(),
      })
      .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey });
    const [session] = await this.db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.idempotencyKey, request.idempotencyKey));
    if (!session) throw new Error("sandbox checkout session was not stored");
    return { id: session.id, url: `${this.options.origin}/sandbox/checkout/${session.id}`, expiresAt: session.expiresAt };
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    await this.db
      .update(sandboxCheckoutSessions)
      .set({ status: "expired" })
      .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, "open")));
  }

  /**
   * The session as Stripe's "retrieve a Checkout Session" answers it: status open | complete | expired and
   * payment_status paid | unpaid. The sandbox records a charge (in its own tables, committed) before its Pay
   * button redirects, so what this answers survives any crash of the code that runs after the charge.
   */
  async retrieveSession(sessionId: string) {
    const session = await this.checkoutSession(sessionId);
    if (!session) return undefined;
    return {
      id: session.id,
      status: session.status,
      payment_status: session.status === "complete" ? ("paid" as const) : ("unpaid" as const),
      customer: session.customerId,
      subscription: session.subscriptionId,
    };
  }

  async getCheckoutStatus(sessionId: string): Promise<CheckoutStatus> {
    const session = await this.retrieveSession(sessionId);
    if (!session) return { paid: false, closed: true };
    if (session.payment_status !== "paid") return session.status === "expired" ? { paid: false, closed: true } : { paid: false };
    return { paid: true, customerId: session.customer ?? undefined, subscriptionId: session.subscription ?? undefined };
  }

  /** The sandbox's subscriptions are active until the customer cancels them in its portal. `db`: the caller's transaction. */
  async getSubscription(subscriptionId: string, db: Db = this.db): Promise<SubscriptionState | undefined> {
    const readAt = this.options.now();
    const [subscription] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId));
    if (!subscription) return undefined;
    const cancellationReason = subscription.status === "canceled" ? "cancellation_requested" : null;
    return { id: subscription.id, status: subscription.status, customerId: subscription.customerId, clientId: null, collectionPaused: false, cancellationReason, cancelAt: null, readAt };
  }

  /** The sandbox takes no card, so nothing is ever disputed. */
  async getDispute(_disputeId: string): Promise<DisputeState | undefined> {
    return undefined;
  }

  async createPortalSession(request: PortalRequest): Promise<{ url: string }> {
    const id = newId("bps_sandbox");
    const now = this.options.now();
    await this.db.insert(sandboxPortalSessions).values({
      id,
      customerId: request.customerId,
      language: request.language,
      returnUrl: request.returnUrl,
      expiresAt: new Date(now.getTime() + SANDBOX_PORTAL_MINUTES * 60_000),
      createdAt: now,
    });
    return { url: `${this.options.origin}/sandbox/portal/${id}` };
  }

  /** The checkout session as its hosted page shows it; expired when its time has passed. */
  async checkoutSession(id: string) {
    const [session] = await this.db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
    if (!session) return undefined;
    const expired = session.status === "expired" || (session.status === "open" && session.expiresAt <= this.options.now());
    return { ...session, status: expired ? ("expired" as const) : session.status };
  }

  /** The Pay button: charges today's amount with a test card and starts the weekly subscription. */
  async pay(id: string, cardNumber: string): Promise<PayOutcome> {
    const card = cardNumber.replace(/[\s-]/g, "");
    const session = await this.checkoutSession(id);
    if (!session) return { outcome: "not_found" };
    if (session.status === "complete") return this.paid(session);
    if (session.status === "expired") return { outcome: "expired" };
    if (card === TEST_CARD_DECLINED) {
      await this.db.update(sandboxCheckoutSessions).set({ declines: session.declines + 1 }).where(eq(sandboxCheckoutSessions.id, id));
      return { outcome: "declined" };
    }
    if (card !== TEST_CARD_PAYS) return { outcome: "invalid_card" };
    const now = this.options.now();
    const completed = await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id)).for("update");
      if (!locked || locked.status !== "open") return locked;
      // One customer per e-mail, as a provider that finds the returning customer would keep.
      const [known] = await tx
        .select({ customerId: sandboxSubscriptions.customerId })
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.email, locked.email))
        .orderBy(desc(sandboxSubscriptions.createdAt))
        .limit(1);
      const customerId = known?.customerId ?? newId("cus_sandbox");
      const subscriptionId = newId("sub_sandbox");
      await tx.insert(sandboxSubscriptions).values({
        id: subscriptionId,
        customerId,
        email: locked.email,
        renewalDate: locked.renewalDate,
        firstChargeCents: PRICE_DUE_TODAY_CENTS,
        weeklyCents: PRICE_WEEKLY_CENTS,
        cardBrand: "Visa",
        cardLast4: card.slice(-4),
        createdAt: now,
      });
      const [done] = await tx
        .update(sandboxCheckoutSessions)
        .set({ status: "complete", customerId, subscriptionId, completedAt: now })
        .where(eq(sandboxCheckoutSessions.id, id))
        .returning();
      return done;
    });
    if (!completed) return { outcome: "not_found" };
    if (completed.status !== "complete") return { outcome: "expired" };
    return this.paid(completed);
  }

  private paid(session: { id: string; successUrl: string; customerId: string | null; subscriptionId: string | null }): PayOutcome {
    return {
      outcome: "paid",
      successUrl: session.successUrl.replace(SANDBOX_SESSION_ID_PLACEHOLDER, encodeURIComponent(session.id)),
      customerId: session.customerId ?? "",
      subscriptionId: session.subscriptionId ?? "",
    };
  }

  /** The portal session, its customer's latest subscription, and whether the link is still valid. */
  async portal(id: string) {
    const [portal] = await this.db.select().from(sandboxPortalSessions).where(eq(sandboxPortalSessions.id, id));
    if (!portal) return undefined;
    const [subscription] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.customerId, portal.customerId))
      .orderBy(desc(sandboxSubscriptions.createdAt))
      .limit(1);
    return { portal, subscription, expired: portal.expiresAt <= this.options.now() };
  }

  /**
   * Cancels the subscription; returns it when this call cancelled it (undefined when it already was). `db`: the
   * caller's transaction, so that our side's deactivation commits with it (the portal's Cancel).
   */
  async cancelSubscription(subscriptionId: string, db: Db = this.db) {
    const [canceled] = await db
      .update(sandboxSubscriptions)
      .set({ status: "canceled", canceledAt: this.options.now() })
      .where(and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.status, "active")))
      .returning();
    return canceled;
  }
}
