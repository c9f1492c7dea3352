// Clients before and after payment: e-mail check, pending upserts, the cancellation rollback, and the gate
// of the post-payment calls (only a client whose checkout is paid gets through).
import { and, desc, eq } from "drizzle-orm";
import { ApiError } from "../errors";
import { checkouts, clients, orders, type ClientRow } from "../db/schema";
import { EMAIL_PATTERN, normalizeEmail } from "#contract/common";
import type { Client } from "#contract/client";
import type { PaymentProvider } from "../payments/provider";
import type { Db } from "./db";
import { profileColumns } from "../auth/submitted-client";
import { openSessionsOf, settleBeforeRelease } from "./reconcile";
import type { OperatorContact } from "./operator-notices";
import { holdsSubscription, isSuspended } from "./subscription-state";

/** The columns a sign-up sets; isActive is never among them (only fulfilment activates). */
export function clientValues(client: Client, now: Date) {
  return {
    email: normalizeEmail(client.email),
    ...profileColumns(client),
    startDate: client.startdate,
    pickupOne: client.pickupone,
    pickupTwo: client.pickuptwo,
    updatedAt: now,
  };
}

/** Orders, or a paid checkout (one whose subscription ended before it was confirmed has no order). */
async function hasHistory(tx: Db, clientId: number): Promise<boolean> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId)).limit(1);
  if (order) return true;
  const [paid] = await tx.select({ id: checkouts.id }).from(checkouts).where(and(eq(checkouts.clientId, clientId), eq(checkouts.status, "paid"))).limit(1);
  return paid !== undefined;
}

/**
 * What a sign-up not yet paid may write over the existing row of its e-mail (locked here until the transaction
 * ends): everything, unless the row has history. Then it keeps its name, phone and address, which a cancelled
 * customer's paid pickups still go to and which nothing in an unpaid sign-up proves the right to change (a checkout
 * is open to anyone who knows the e-mail, and its cookie then "owns" the sign-up); the payment applies the checkout's
 * own copy (submitted_client) when it is fulfilled.
 */
export async function pendingClientWrite(tx: Db, values: ReturnType<typeof clientValues>) {
  const [existing] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.email, values.email)).for("update");
  return existing && (await hasHistory(tx, existing.id)) ? { updatedAt: values.updatedAt } : values;
}

export const clientActive = () => new ApiError(409, "client_active", "This e-mail already has a live subscription; manage it in the billing portal.");

export async function findClient(db: Db, email: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.email, normalizeEmail(email)));
  return row;
}

/**
 * True only for a subscription the address holds: served, or suspended until it is paid (decision 023). Pending
 * clients and those whose subscription ended for good (or by another hand) may sign up (again).
 */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  const normalized = normalizeEmail(email);
  if (!EMAIL_PATTERN.test(normalized)) return false;
  const row = await findClient(db, normalized);
  return row !== undefined && (await holdsSubscription(db, row));
}

/**
 * Inside the transaction that has just written the client's row (and so holds its lock until commit): 409 when the
 * client is suspended (decision 023), which rolls the write back. The write's own condition (not active) was met on
 * the row as it is now, but its check of the subscription could have read the state from before a suspension that
 * committed while the write waited for the row; this statement reads it afresh, and the rule, which locks the client
 * row before it ends a service, cannot suspend the client before this transaction ends.
 */
export async function refuseSuspended(tx: Db, clientId: number) {
  if (await isSuspended(tx, clientId)) throw clientActive();
}

/**
 * Creates or updates the pending client of this e-mail; 409 when it belongs to a paying or suspended client.
 * Returns the row; `mustExist` makes a missing client a 404 (update_by_email).
 */
export async function upsertPendingClient(db: Db, client: Client, now: Date, { mustExist = false, onlyNew = false } = {}): Promise<ClientRow | undefined> {
  const values = clientValues(client, now);
  // onlyNew: creates the client of an unknown address and leaves an existing one (someone else's) untouched.
  if (onlyNew) {
    const [created] = await db.insert(clients).values({ ...values, createdAt: now }).onConflictDoNothing().returning();
    return created;
  }
  if (mustExist) {
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(clients)
        .set(await pendingClientWrite(tx, values))
        .where(and(eq(clients.email, values.email), eq(clients.isActive, false)))
        .returning();
      if (row) await refuseSuspended(tx, row.id);
      return row;
    });
    if (updated) return updated;
    if (await findClient(db, values.email)) throw clientActive();
    throw new ApiError(404, "not_found", "No client with this e-mail address.", { email: "clientNotFound" });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: clients.email, set: await pendingClientWrite(tx, values), setWhere: eq(clients.isActive, false) })
      .returning();
    if (!row) throw clientActive();
    await refuseSuspended(tx, row.id);
    return row;
  });
}

export interface DeleteOutcome {
  deleted: boolean;
  /** Open provider sessions to expire once the transaction has committed. */
  expiredSessions: string[];
}

/**
 * The cancellation rollback: a pending client is deleted and its held days released. A client who turns out
 * to have paid (the provider says so) is fulfilled instead and answered 409, as is any active or suspended client.
 * A pending client with history (orders or a paid checkout of an earlier subscription) keeps its row.
 * `checkoutId` (the checkout a cancel address named): only that checkout's session is closed, and nothing is
 * released unless it is still the client's latest checkout when the client row is locked.
 */
export async function deletePendingClient(
  db: Db,
  provider: PaymentProvider,
  operator: OperatorContact,
  email: string,
  checkoutId?: number,
): Promise<DeleteOutcome> {
  const client = await findClient(db, email);
  if (!client) return { deleted: false, expiredSessions: [] };
  if (await holdsSubscription(db, client)) throw clientActive();
  // Each open checkout is closed at the provider, then asked about: one paid meanwhile is fulfilled instead.
  const sessions = await openSessionsOf(db, client.email, checkoutId);
  const settled = await settleBeforeRelease(db, provider, sessions, operator);
  if (settled.paid) throw clientActive();
  // A session the provider could not close can still take money: the sign-up and its checkout stay (its days
  // held until it expires) so that a payment is fulfilled, not lost.
  const kept: DeleteOutcome = { deleted: false, expiredSessions: [] };
  if (settled.closed.length < sessions.length) return kept;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(clients).where(eq(clients.id, client.id)).for("update");
    if (!locked) return kept;
    if (await holdsSubscription(tx, locked)) throw clientActive();
    if (checkoutId !== undefined) {
      // A newer checkout opened meanwhile (another tab) has taken the sign-up over: it stays as it is.
      const [latest] = await tx.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.clientId, client.id)).orderBy(desc(checkouts.id)).limit(1);
      if (latest?.id !== checkoutId) return kept;
    }
    // Nor is a checkout opened meanwhile (another tab) released unasked.
    const open = await tx
      .select({ sessionId: checkouts.providerSessionId })
      .from(checkouts)
      .where(and(eq(checkouts.clientId, client.id), eq(checkouts.status, "open")))
      .for("update");
    if (open.some((row) => row.sessionId && !settled.closed.includes(row.sessionId))) return kept;
    const released = await tx
      .update(checkouts)
      .set({ status: "expired" })
      .where(and(eq(checkouts.clientId, client.id), eq(checkouts.status, "open")))
      .returning({ sessionId: checkouts.providerSessionId });
    const expiredSessions = released.map((r) => r.sessionId).filter((id): id is string => !!id);
    // History keeps the row (deleting the client would take the record of a paid checkout with it).
    if (await hasHistory(tx, client.id)) return { deleted: false, expiredSessions };
    await tx.delete(clients).where(eq(clients.id, client.id));
    return { deleted: true, expiredSessions };
  });
}

export const notPaid = () => new ApiError(409, "not_paid", "No paid checkout was found for this e-mail address.");

/** The client's latest paid checkout (the subscription it is on now). */
export async function latestPaidCheckout(db: Db, clientId: number) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.clientId, clientId), eq(checkouts.status, "paid")))
    .orderBy(desc(checkouts.paidAt), desc(checkouts.id))
    .limit(1);
  return row;
}

/** Creates the order of a paid client for one of its pickup days; false when it already exists. */
export async function createOrder(db: Db, client: ClientRow, date: string, createdBy: string): Promise<boolean> {
  const checkout = await latestPaidCheckout(db, client.id);
  const days = checkout ? [checkout.pickupOne, checkout.pickupTwo] : [client.pickupOne, client.pickupTwo];
  if (!days.includes(date)) {
    throw new ApiError(400, "validation_failed", "The date is not one of this client's pickup days.", { date: "notAPickupDay" });
  }
  const rows = await db
    .insert(orders)
    .values({ clientId: client.id, checkoutId: checkout?.id ?? null, date, createdBy })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  return rows.length > 0;
}
