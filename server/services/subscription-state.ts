// A client's service follows its subscription at the provider (product.md PAY-11, decision 020): one rule, here,
// applied to what the provider says when asked (the webhook, fulfilment, the reconciler's slow pass), never to an
// event's copy. The sandbox portal's Cancel goes through it too.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { clients, emailOutbox, orders, providerSubscriptions, type ProviderSubscriptionRow } from "../db/schema";
import type { Database } from "../db/index";
import { cancellationScheduledDataSchema, nonPaymentReasonSchema, queueEmail, type NonPaymentReason } from "../mail/outbox";
import type { PaymentProvider, SubscriptionState } from "../payments/provider";
import { safeError } from "../safe-log";
import type { Language } from "#contract/common";
import { todayInServiceZone } from "./dates";
import type { Db } from "./db";

type Provider = PaymentProvider["name"];
type Log = { warn: (obj: object, msg: string) => void };

/** serve: the client is served; end: the service stops; none: the client stays as it is (incomplete, or a status Stripe adds later). */
export type ServiceVerdict = "serve" | "end" | "none";

const SERVING = new Set(["active", "trialing", "past_due"]);
const ENDING = new Set(["unpaid", "paused", "canceled", "incomplete_expired"]);
/** Statuses a subscription never leaves: a payment confirmed after one starts no service, and nothing asks about it again. */
export const FINAL_STATUSES = ["canceled", "incomplete_expired"];

/** The rule: active, trialing and past_due serve (unless collection is paused); unpaid, paused, canceled and incomplete_expired end. */
export function serviceVerdict(state: { status: string | null; collectionPaused: boolean }): ServiceVerdict {
  if (state.status === null) return "none";
  if (ENDING.has(state.status)) return "end";
  if (SERVING.has(state.status)) return state.collectionPaused ? "end" : "serve";
  return "none";
}

export const isFinal = (status: string | null) => status !== null && FINAL_STATUSES.includes(status);

/**
 * Suspended (product.md PAY-11, decision 023): not served, and its current subscription is one this rule ended that is not final
 * (unpaid, paused, or its collection paused), so paying or resuming at the provider serves the client again.
 * The one definition every path uses: such a client still holds its subscription.
 */
export async function isSuspended(db: Db, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(providerSubscriptions, eq(providerSubscriptions.subscriptionId, clients.providerSubscriptionId))
    .where(
      and(
        eq(clients.id, clientId),
        eq(clients.isActive, false),
        isNotNull(providerSubscriptions.serviceEndedAt),
        or(isNull(providerSubscriptions.status), notInArray(providerSubscriptions.status, FINAL_STATUSES)),
      ),
    );
  return row !== undefined;
}

/**
 * The client holds a subscription at the provider: served, or suspended (decision 023). Its e-mail cannot start
 * another sign-up, and its customer may reach the billing portal (to pay, or to cancel for good).
 */
export async function holdsSubscription(db: Db, client: { id: number; isActive: boolean }): Promise<boolean> {
  return client.isActive || (await isSuspended(db, client.id));
}

/**
 * The provider ended the subscription because it could not collect (its retries ran out) or a payment was disputed
 * (decision 024); undefined for the customer's own cancellation and for a reason not known.
 */
export function nonPaymentReason(reason: string | null | undefined): NonPaymentReason | undefined {
  const parsed = nonPaymentReasonSchema.safeParse(reason);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The cancellation e-mail's de-duplication key: one per ended subscription (the portal and the webhook may both
 * report it), whichever of its two texts (the customer's cancellation, or non-payment) it carries.
 */
export const cancellationKey = (clientId: number, subscriptionId: string | null) => `cancellation:${clientId}:${subscriptionId ?? "none"}`;

/**
 * The client's booked (paid) pickups from `from` on, in date order, whichever of its sign-ups booked them: an ended
 * service leaves them in place, so they all still take place (decision 024). As many as those sign-ups booked.
 */
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

type ServedClient = { id: number; isActive: boolean; email: string; name: string; language: Language };

/**
 * Stripe's own clean-up of test data: it cancels test-mode subscriptions after a while (only where livemode is false).
 * Nobody cancelled and nothing failed, so no e-mail says either (decision 024); the service still ends.
 */
const TEST_DATA_RETENTION = "canceled_by_retention_policy";

/**
 * The cancellation e-mail in the client's language, naming the paid pickups still to come; once per subscription.
 * Ended for non-payment (`reason`), it says so instead of "you cancelled" (decision 024).
 */
async function queueCancellation(tx: Db, client: ServedClient, subscriptionId: string | null, now: Date, reason: string | null | undefined) {
  if (reason === TEST_DATA_RETENTION) return;
  const canceledOn = todayInServiceZone(now);
  const nonPayment = nonPaymentReason(reason);
  await queueEmail(tx, {
    kind: "cancellation",
    to: client.email,
    language: client.language,
    data: { firstName: client.name, canceledOn, paidPickups: await comingPickups(tx, client.id, canceledOn), ...(nonPayment ? { nonPayment } : {}) },
    dedupeKey: cancellationKey(client.id, subscriptionId),
  });
}

/**
 * The scheduled cancellation's de-duplication key: one per subscription, day it is set to end, and the message it
 * follows (the customer's last word from us on this subscription's end, `follows`: its outbox id). The first
 * confirmation follows nothing and keeps the key every confirmation had before undoing was answered (decision 024),
 * so one queued then is not sent again; a day scheduled again after the customer heard it was undone is news again.
 */
export const cancellationScheduledKey = (clientId: number, subscriptionId: string, endsOn: string, follows?: number) =>
  `cancellation-scheduled:${clientId}:${subscriptionId}:${endsOn}${follows === undefined ? "" : `:${follows}`}`;

/** The undone cancellation's de-duplication key: one per scheduled confirmation it answers (its outbox id). */
export const cancellationUndoneKey = (clientId: number, subscriptionId: string, answers: number) => `cancellation-undone:${clientId}:${subscriptionId}:${answers}`;

/** The query for the last end-of-plan notice queued for a client's subscription (served by email_outbox_kind_idx). */
export const lastEndNoticeQuery = (tx: Db, clientId: number, subscriptionId: string) =>
  tx
    .select({ id: emailOutbox.id, kind: emailOutbox.kind, data: emailOutbox.data })
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.kind, ["cancellation-scheduled", "cancellation-undone"]),
        or(
          sql`starts_with(${emailOutbox.dedupeKey}, ${`cancellation-scheduled:${clientId}:${subscriptionId}:`})`,
          sql`starts_with(${emailOutbox.dedupeKey}, ${`cancellation-undone:${clientId}:${subscriptionId}:`})`,
        ),
      ),
    )
    .orderBy(desc(emailOutbox.id))
    .limit(1);

/** The last message about this subscription's scheduled end queued for the client: what the customer was last told. */
async function lastEndNotice(tx: Db, clientId: number, subscriptionId: string) {
  const [last] = await lastEndNoticeQuery(tx, clientId, subscriptionId);
  if (!last) return undefined;
  return last.kind === "cancellation-scheduled"
    ? { id: last.id, endsOn: cancellationScheduledDataSchema.shape.endsOn.parse(last.data.endsOn) }
    : { id: last.id, endsOn: null };
}

/**
 * Tells a served customer about the subscription's scheduled end (decision 024), so that the last word from us
 * always matches the provider: an end ahead that differs from the last one they were told of (or they were told
 * of none, or that it was undone) gets a confirmation that the plan stays on until that day; no end any more after
 * a confirmation whose day has not passed gets one notice that the plan goes on. Each once, whoever reports it and
 * however often (the subscription's row is locked, and each key names the message it follows). An end already due
 * says nothing: the provider's cancellation follows, with its own e-mail.
 */
async function tellScheduledEnd(tx: Db, client: ServedClient, subscriptionId: string, cancelAt: Date | null, now: Date) {
  if (cancelAt && cancelAt <= now) return;
  const last = await lastEndNotice(tx, client.id, subscriptionId);
  if (cancelAt) {
    const endsOn = todayInServiceZone(cancelAt);
    if (last?.endsOn === endsOn) return;
    await queueEmail(tx, {
      kind: "cancellation-scheduled",
      to: client.email,
      language: client.language,
      data: { firstName: client.name, endsOn, paidPickups: await comingPickups(tx, client.id, todayInServiceZone(now)) },
      dedupeKey: cancellationScheduledKey(client.id, subscriptionId, endsOn, last?.id),
    });
  } else if (last?.endsOn && last.endsOn >= todayInServiceZone(now)) {
    // Past the day it named, "no longer set to end on {date}" is no news (a plan undone long before this notice existed).
    await queueEmail(tx, {
      kind: "cancellation-undone",
      to: client.email,
      language: client.language,
      data: { firstName: client.name, wasEndingOn: last.endsOn },
      dedupeKey: cancellationUndoneKey(client.id, subscriptionId, last.id),
    });
  }
}

const servedColumns = {
  id: clients.id,
  isActive: clients.isActive,
  email: clients.email,
  name: clients.name,
  language: clients.language,
};

/**
 * Stores what the provider said about a subscription, unless a read begun later is already stored (that one is
 * newer). Answers the row, locked for the caller's transaction, and whether this state was too old to store.
 */
export async function recordSubscriptionState(
  tx: Db,
  provider: Provider,
  state: SubscriptionState,
): Promise<{ row: ProviderSubscriptionRow; stale: boolean }> {
  const row = await subscriptionRow(tx, provider, state.id, { customerId: state.customerId, clientId: state.clientId });
  if (row.observedAt && row.observedAt > state.readAt) return { row, stale: true };
  const [stored] = await tx
    .update(providerSubscriptions)
    .set({
      status: state.status,
      collectionPaused: state.collectionPaused,
      observedAt: state.readAt,
      customerId: state.customerId ?? row.customerId,
      clientId: row.clientId ?? state.clientId,
      updatedAt: sql`now()`,
    })
    .where(eq(providerSubscriptions.subscriptionId, state.id))
    .returning();
  return { row: stored!, stale: false };
}

/** The subscription's row, created (status unknown) when missing, locked for the caller's transaction. */
export async function subscriptionRow(
  tx: Db,
  provider: Provider,
  subscriptionId: string,
  known: { customerId?: string | null; clientId?: number | null } = {},
): Promise<ProviderSubscriptionRow> {
  await tx
    .insert(providerSubscriptions)
    .values({ subscriptionId, provider, customerId: known.customerId ?? null, clientId: known.clientId ?? null })
    .onConflictDoNothing();
  const [row] = await tx.select().from(providerSubscriptions).where(eq(providerSubscriptions.subscriptionId, subscriptionId)).for("update");
  return row!;
}

export type SettleOutcome = "ended" | "resumed" | "unchanged";

/**
 * Brings the client of a subscription in line with its stored state, inside the caller's transaction (the row
 * and the client locked). Ends the service of an active client (the cancellation e-mail only for `canceled`, its
 * text chosen by `cancellationReason`, the provider's word read with that state), and serves again only a client
 * whose service this rule ended for this same subscription.
 */
export async function settleService(
  tx: Db,
  row: ProviderSubscriptionRow,
  client: ServedClient,
  now: Date,
  cancellationReason?: string | null,
): Promise<SettleOutcome> {
  const verdict = serviceVerdict(row);
  const cancelled = row.status === "canceled";
  if (verdict === "end") {
    if (client.isActive) {
      await tx.update(clients).set({ isActive: false, cancelledAt: now, updatedAt: now }).where(eq(clients.id, client.id));
      await tx.update(providerSubscriptions).set({ serviceEndedAt: now, clientId: client.id }).where(eq(providerSubscriptions.subscriptionId, row.subscriptionId));
      if (cancelled) await queueCancellation(tx, client, row.subscriptionId, now, cancellationReason);
      return "ended";
    }
    // Suspended by this rule (unpaid, paused) and now cancelled for good: that is news to the customer.
    if (cancelled && row.serviceEndedAt) await queueCancellation(tx, client, row.subscriptionId, now, cancellationReason);
    return "unchanged";
  }
  if (verdict === "serve" && !client.isActive && row.serviceEndedAt) {
    await tx.update(clients).set({ isActive: true, cancelledAt: null, updatedAt: now }).where(eq(clients.id, client.id));
    await tx.update(providerSubscriptions).set({ serviceEndedAt: null }).where(eq(providerSubscriptions.subscriptionId, row.subscriptionId));
    return "resumed";
  }
  return "unchanged";
}

export type ApplyOutcome = SettleOutcome | "stale" | "recorded";

/**
 * The provider's current state of a subscription, applied in one transaction: stored (an older read than the
 * stored one changes nothing: "stale"), then the client on that subscription settled, and, still served, told
 * once of an end scheduled and once of its undoing (decision 024). No client on it yet: "recorded", for fulfilment
 * to read when the checkout's payment is confirmed.
 */
export async function applySubscriptionState(db: Db, provider: Provider, state: SubscriptionState, now: Date): Promise<{ outcome: ApplyOutcome; clientId?: number }> {
  return db.transaction(async (tx) => {
    const { row, stale } = await recordSubscriptionState(tx, provider, state);
    if (stale) return { outcome: "stale" as const };
    const [client] = await tx.select(servedColumns).from(clients).where(eq(clients.providerSubscriptionId, state.id)).for("update");
    if (!client) return { outcome: "recorded" as const };
    const outcome = await settleService(tx, row, client, now, state.cancellationReason);
    // Still served: set to end later, the customer hears now, not only when it ends; that end undone, they hear that too.
    const served = outcome === "resumed" || (outcome === "unchanged" && client.isActive);
    if (served && serviceVerdict(row) === "serve") await tellScheduledEnd(tx, client, state.id, state.cancelAt ?? null, now);
    return { outcome, clientId: client.id };
  });
}

export interface SyncDeps {
  db: Database;
  provider: PaymentProvider;
  now: () => Date;
  /** Subscriptions asked about per pass (SUBSCRIPTION_SYNC_BATCH; 0: none). */
  batch: number;
  /** Each is asked again once this many hours have passed since it was last (SUBSCRIPTION_SYNC_HOURS). */
  periodHours: number;
  log?: Log;
}

export interface SyncResult {
  checked: number;
  /** Clients whose service this pass ended or restored: a webhook that had been missed. */
  changed: number;
  errors: number;
}

/**
 * The reconciler's slow pass: asks the provider about a few subscriptions whose client is served (or was
 * suspended by the rule and may come back), the ones not asked for longest first, each about once per period,
 * and applies the rule, so a lost webhook is repaired.
 */
export async function syncSubscriptions(deps: SyncDeps): Promise<SyncResult> {
  const result: SyncResult = { checked: 0, changed: 0, errors: 0 };
  if (deps.batch <= 0) return result;
  const { db, provider, log } = deps;
  const started = deps.now();
  const dueBefore = new Date(started.getTime() - deps.periodHours * 3600_000);
  const due = await db
    .select({ subscriptionId: providerSubscriptions.subscriptionId })
    .from(providerSubscriptions)
    .innerJoin(clients, eq(clients.providerSubscriptionId, providerSubscriptions.subscriptionId))
    .where(
      and(
        eq(providerSubscriptions.provider, provider.name),
        or(eq(clients.isActive, true), isNotNull(providerSubscriptions.serviceEndedAt)),
        or(isNull(providerSubscriptions.status), notInArray(providerSubscriptions.status, FINAL_STATUSES)),
        or(isNull(providerSubscriptions.checkedAt), lt(providerSubscriptions.checkedAt, dueBefore)),
      ),
    )
    .orderBy(sql`${providerSubscriptions.checkedAt} asc nulls first`, providerSubscriptions.subscriptionId)
    .limit(deps.batch);
  for (const { subscriptionId } of due) {
    result.checked += 1;
    try {
      const state = await provider.getSubscription(subscriptionId);
      if (state) {
        const applied = await applySubscriptionState(db, provider.name, state, deps.now());
        if (applied.outcome === "ended" || applied.outcome === "resumed") {
          result.changed += 1;
          log?.warn({ clientId: applied.clientId, status: state.status, outcome: applied.outcome }, "the subscription pass applied a change whose webhook had been missed");
        }
      } else {
        log?.warn({ subscriptionId }, "the payment provider does not know a served client's subscription; the client is left as it is");
      }
      await db.update(providerSubscriptions).set({ checkedAt: started }).where(eq(providerSubscriptions.subscriptionId, subscriptionId));
    } catch (error) {
      result.errors += 1;
      log?.warn({ err: safeError(error) }, "the subscription pass could not ask about a subscription; it is asked again next pass");
    }
  }
  return result;
}
