// Fulfilment of a paid checkout and deactivation of a cancelled subscription: the only two places where a
// client's subscription state changes. Whoever calls first (the sandbox's Pay button, Stripe's webhook, a
// post-payment call) does the work; every later call finds it done and changes nothing.
import { and, asc, desc, eq, gte, isNotNull } from "drizzle-orm";
import { checkouts, clients, orders } from "../db/schema";
import { welcomeData } from "../mail/welcome-data";
import { queueEmail } from "../mail/outbox";
import { ORDER_CREATED_BY } from "#domain/plan";
import type { PaymentProvider } from "../payments/provider";
import type { Db } from "./db";
import { submittedClientColumns } from "../auth/submitted-client";
import { todayInServiceZone } from "./dates";

export interface FulfilInput {
  /** The provider's checkout session id. */
  sessionId: string;
  customerId?: string | null;
  subscriptionId?: string | null;
}

export interface FulfilResult {
  /** fulfilled: this call did it; already_fulfilled: an earlier call did; unknown_session: not one of ours. */
  outcome: "fulfilled" | "already_fulfilled" | "unknown_session";
  clientId?: number;
  checkoutId?: number;
}

/** The welcome e-mail's de-duplication key: one welcome per paid checkout (a later re-subscription gets its own). */
export const welcomeKey = (clientId: number, checkoutId: number) => `welcome:${clientId}:${checkoutId}`;

/** The cancellation e-mail's de-duplication key: one per ended subscription (the portal and the webhook may both report it). */
export const cancellationKey = (clientId: number, subscriptionId: string | null) => `cancellation:${clientId}:${subscriptionId ?? "none"}`;

/**
 * In one transaction: marks the checkout paid, activates the client, creates the two orders and queues the
 * welcome e-mail, each exactly once. Safe to call any number of times, concurrently too (the checkout row is
 * locked first).
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
    return { outcome: "fulfilled", ...done };
  });
}

export interface DeactivateInput {
  /** When given, only the client of exactly this subscription is affected (an old subscription's end never ends a newer one). */
  subscriptionId?: string | null;
  customerId?: string | null;
  clientId?: number | null;
  /** The moment of the cancellation (default: now); the server's clock in tests. */
  now?: Date;
}

export interface DeactivateResult {
  outcome: "deactivated" | "already_inactive" | "unknown";
  clientId?: number;
}

/** The client's booked (paid) pickups from `from` on, in date order: a cancellation leaves them in place. */
export async function comingPickups(db: Db, clientId: number, from: string): Promise<string[]> {
  const rows = await db
    .select({ date: orders.date })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), gte(orders.date, from)))
    .orderBy(asc(orders.date));
  return rows.map((row) => row.date);
}

/** The client of a provider subscription, if any. */
export async function clientOfSubscription(db: Db, subscriptionId: string): Promise<{ id: number } | undefined> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.providerSubscriptionId, subscriptionId));
  return client;
}

/** The subscription ended (cancelled in the portal, or deleted at the provider): the client becomes inactive. */
export async function deactivateSubscription(db: Db, input: DeactivateInput): Promise<DeactivateResult> {
  const where = input.subscriptionId
    ? eq(clients.providerSubscriptionId, input.subscriptionId)
    : input.customerId
      ? eq(clients.providerCustomerId, input.customerId)
      : input.clientId != null
        ? eq(clients.id, input.clientId)
        : undefined;
  if (!where) return { outcome: "unknown" };
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({
        id: clients.id,
        isActive: clients.isActive,
        email: clients.email,
        name: clients.name,
        language: clients.language,
        subscriptionId: clients.providerSubscriptionId,
      })
      .from(clients)
      .where(where)
      .for("update");
    if (!client) return { outcome: "unknown" };
    if (!client.isActive) return { outcome: "already_inactive", clientId: client.id };
    const now = input.now ?? new Date();
    await tx.update(clients).set({ isActive: false, cancelledAt: now, updatedAt: now }).where(eq(clients.id, client.id));
    // The pickups already booked (and paid) from today on still take place: the e-mail names them.
    const canceledOn = todayInServiceZone(now);
    const coming = await comingPickups(tx, client.id, canceledOn);
    await queueEmail(tx, {
      kind: "cancellation",
      to: client.email,
      language: client.language,
      data: { firstName: client.name, canceledOn, paidPickups: coming },
      dedupeKey: cancellationKey(client.id, client.subscriptionId),
    });
    return { outcome: "deactivated", clientId: client.id };
  });
}

/**
 * For a client not (yet) recorded as paying: asks the provider about its latest open checkout and, when the
 * provider says it is paid, fulfils it. True when the client is active afterwards.
 */
export async function confirmWithProvider(db: Db, provider: PaymentProvider, clientId: number): Promise<boolean> {
  const [checkout] = await db
    .select({ sessionId: checkouts.providerSessionId })
    .from(checkouts)
    .where(and(eq(checkouts.clientId, clientId), eq(checkouts.status, "open"), isNotNull(checkouts.providerSessionId)))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(1);
  if (!checkout?.sessionId) return false;
  const status = await provider.getCheckoutStatus(checkout.sessionId);
  if (!status.paid) return false;
  const result = await fulfilPaidCheckout(db, { sessionId: checkout.sessionId, customerId: status.customerId, subscriptionId: status.subscriptionId });
  return result.outcome !== "unknown_session";
}
