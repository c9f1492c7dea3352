// Fulfilment of a paid checkout: with the subscription rule (subscription-state.ts), the only places where a
// client's service starts or ends. Whoever calls first (the sandbox's Pay button, Stripe's webhook, a
// post-payment call, the reconciler) does the work; every later call finds it done and changes nothing.
import { and, eq } from "drizzle-orm";
import { checkouts, clients, orders, providerSubscriptions } from "../db/schema";
import { welcomeData } from "../mail/welcome-data";
import { queueEmail } from "../mail/outbox";
import { ORDER_CREATED_BY } from "#domain/plan";
import type { Db } from "./db";
import type { PaymentProvider, SubscriptionState } from "../payments/provider";
import { submittedClientColumns } from "../auth/submitted-client";
import { isFinal, recordSubscriptionState, settleService, subscriptionRow } from "./subscription-state";
import { queuePaidWithoutServiceNotice, type OperatorContact } from "./operator-notices";

export interface FulfilInput {
  /** The provider's checkout session id. */
  sessionId: string;
  customerId?: string | null;
  subscriptionId?: string | null;
  /** The subscription as the provider just reported it with the session: stored before it is consulted. */
  subscription?: SubscriptionState;
  /** Told when the payment starts no service (its subscription had ended): a refund may be due. */
  operator: OperatorContact;
}

export interface FulfilResult {
  /**
   * fulfilled: this call did it; already_fulfilled: an earlier call did; unknown_session: not one of ours;
   * subscription_ended: paid, but its subscription had already ended for good, so no service starts (decision 020).
   */
  outcome: "fulfilled" | "already_fulfilled" | "unknown_session" | "subscription_ended";
  clientId?: number;
  checkoutId?: number;
}

/** The welcome e-mail's de-duplication key: one welcome per paid checkout (a later re-subscription gets its own). */
export const welcomeKey = (clientId: number, checkoutId: number) => `welcome:${clientId}:${checkoutId}`;

/**
 * In one transaction: marks the checkout paid, activates the client, creates the two orders and queues the
 * welcome e-mail, each exactly once. Safe to call any number of times, concurrently too (the checkout row is
 * locked first). What the provider last said about the subscription decides first (product.md PAY-11): ended for
 * good (cancelled, expired), the payment is recorded and nothing starts; suspended (unpaid, paused), the client
 * is fulfilled and then suspended, so that the subscription's return serves it.
 */
export async function fulfilPaidCheckout(db: Db, input: FulfilInput): Promise<FulfilResult> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.providerSessionId, input.sessionId)).for("update");
    if (!checkout) return { outcome: "unknown_session" };
    const done = { clientId: checkout.clientId, checkoutId: checkout.id };
    if (checkout.status === "paid") return { outcome: "already_fulfilled", ...done };

    const now = new Date();
    const customerId = input.customerId ?? checkout.customerId;
    const subscriptionId = input.subscriptionId ?? checkout.subscriptionId;
    // Paid even if we had marked it expired (replaced or timed out): the money was taken, so it is honoured.
    await tx.update(checkouts).set({ status: "paid", paidAt: now, customerId, subscriptionId }).where(eq(checkouts.id, checkout.id));
    const subscription = subscriptionId ? await subscriptionOnRecord(tx, checkout, subscriptionId, customerId, input.subscription) : undefined;
    // Deleted before its payment was confirmed (Stripe does not order events): no client, orders or welcome; the
    // operator decides on a refund (this transaction marks the checkout paid once, so the notice is queued once).
    if (subscription && isFinal(subscription.status)) {
      await queuePaidWithoutServiceNotice(tx, input.operator, {
        checkoutId: checkout.id,
        sessionId: input.sessionId,
        provider: checkout.provider,
        clientId: checkout.clientId,
        customerId,
        subscriptionId: subscription.subscriptionId,
        subscriptionStatus: subscription.status,
      });
      return { outcome: "subscription_ended", ...done };
    }
    const [client] = await tx
      .update(clients)
      .set({
        ...submittedClientColumns(checkout.submittedClient),
        isActive: true,
        activatedAt: now,
        cancelledAt: null,
        providerCustomerId: customerId,
        providerSubscriptionId: subscriptionId,
        startDate: checkout.pickupOne,
        pickupOne: checkout.pickupOne,
        pickupTwo: checkout.pickupTwo,
        updatedAt: now,
      })
      .where(eq(clients.id, checkout.clientId))
      .returning();
    if (!client) throw new Error(`checkout ${checkout.id} has no client`);
    // Any other open checkout of this client stops holding days.
    await tx.update(checkouts).set({ status: "expired" }).where(and(eq(checkouts.clientId, client.id), eq(checkouts.status, "open")));
    await tx
      .insert(orders)
      .values([checkout.pickupOne, checkout.pickupTwo].map((date) => ({ clientId: client.id, checkoutId: checkout.id, date, createdBy: ORDER_CREATED_BY })))
      .onConflictDoNothing();
    await queueEmail(tx, {
      kind: "welcome",
      to: client.email,
      language: client.language,
      data: welcomeData(client, checkout),
      dedupeKey: welcomeKey(client.id, checkout.id),
    });
    if (subscription) await settleService(tx, subscription, client, now);
    return { outcome: "fulfilled", ...done };
  });
}

/** The subscription's stored state, the provider's report stored first when one came with the call. */
async function subscriptionOnRecord(
  tx: Db,
  checkout: { provider: PaymentProvider["name"]; clientId: number },
  subscriptionId: string,
  customerId: string | null,
  reported: SubscriptionState | undefined,
) {
  if (reported?.id === subscriptionId) await recordSubscriptionState(tx, checkout.provider, reported);
  const row = await subscriptionRow(tx, checkout.provider, subscriptionId, { customerId, clientId: checkout.clientId });
  if (row.clientId === checkout.clientId) return row;
  const [ours] = await tx.update(providerSubscriptions).set({ clientId: checkout.clientId }).where(eq(providerSubscriptions.subscriptionId, subscriptionId)).returning();
  return ours!;
}
