// Reconciliation (product.md PAY-10): a checkout the provider took payment for always ends fulfilled, whatever crashed in between.
// The server asks the provider about every checkout still awaiting payment (open, or ended within the last 48
// hours), at start and then every RECONCILE_INTERVAL_MS, and fulfils the paid ones through fulfilPaidCheckout.
// Before a sign-up's open checkout is replaced or released, it is closed at the provider and then asked about
// (settleBeforeRelease), so a payment that raced the replacement is honoured instead of charged twice.
// A day that late payments pushed past its capacity is reported to the operator once per day and count.
import { and, count, desc, eq, gt, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { checkouts, clients, orders } from "../db/schema";
import { queueEmail } from "../mail/outbox";
import type { PaymentProvider } from "../payments/provider";
import { safeError } from "../safe-log";
import { normalizeEmail } from "#contract/common";
import type { Database } from "../db/index";
import { todayInServiceZone } from "./dates";
import type { Db } from "./db";
import { fulfilPaidCheckout } from "./fulfilment";
import type { OperatorContact } from "./operator-notices";
import { syncSubscriptions, type SyncResult } from "./subscription-state";

/** How long after its end a checkout is still asked about (Stripe retries a webhook for days; a sandbox crash is repaired at start). */
export const RECONCILE_WINDOW_HOURS = 48;

type Log = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

export interface ReconcileDeps {
  db: Database;
  provider: PaymentProvider;
  now: Date;
  /** Pickups a day (PICKUP_DAILY_CAPACITY) and where the operator's notices go (CONTACT_INBOX). */
  capacity: number;
  operator: OperatorContact;
  log?: Log;
  /**
   * Sessions the provider has said are closed and unpaid, each with the moment (ms) its checkout leaves the
   * look-back window: not asked again by this reconciler meanwhile, and forgotten after, as no pass selects it then.
   */
  closed?: Map<string, number>;
}

export interface ReconcileResult {
  /** Checkouts asked about. */
  checked: number;
  /** Paid checkouts this pass fulfilled (they had been missed). */
  fulfilled: number;
  /** Checkouts whose status the provider could not give this time (asked again next pass). */
  errors: number;
  /** Operator notices queued for days past capacity. */
  capacityNotices: number;
}

/** One pass: asks the provider about every checkout awaiting payment and fulfils the paid ones. */
export async function reconcileCheckouts(deps: ReconcileDeps): Promise<ReconcileResult> {
  const { db, provider, now, log } = deps;
  const windowMs = RECONCILE_WINDOW_HOURS * 3600_000;
  const since = new Date(now.getTime() - windowMs);
  // Past the window no pass selects it: kept, the memory would grow with every abandoned checkout for the process's life.
  for (const [sessionId, forgetAt] of deps.closed ?? []) {
    if (forgetAt <= now.getTime()) deps.closed?.delete(sessionId);
  }
  const awaiting = await db
    .select({ sessionId: checkouts.providerSessionId, expiresAt: checkouts.expiresAt })
    .from(checkouts)
    .where(
      and(
        inArray(checkouts.status, ["open", "expired"]),
        eq(checkouts.provider, provider.name),
        isNotNull(checkouts.providerSessionId),
        // An open checkout's session ends at expiresAt at the latest; a replaced one ended before it.
        gt(checkouts.expiresAt, since),
      ),
    )
    .orderBy(checkouts.id);
  const result: ReconcileResult = { checked: 0, fulfilled: 0, errors: 0, capacityNotices: 0 };
  for (const { sessionId, expiresAt } of awaiting) {
    if (!sessionId || deps.closed?.has(sessionId)) continue;
    result.checked += 1;
    try {
      const status = await provider.getCheckoutStatus(sessionId);
      if (!status.paid) {
        if (status.closed) deps.closed?.set(sessionId, expiresAt.getTime() + windowMs);
        continue;
      }
      const fulfilled = await fulfilPaidCheckout(db, {
        sessionId,
        customerId: status.customerId,
        subscriptionId: status.subscriptionId,
        subscription: status.subscription,
        operator: deps.operator,
      });
      if (fulfilled.outcome === "fulfilled") {
        result.fulfilled += 1;
        log?.warn({ checkoutId: fulfilled.checkoutId }, "reconciliation fulfilled a paid checkout that had been missed");
      }
      if (fulfilled.outcome === "subscription_ended") {
        log?.warn({ checkoutId: fulfilled.checkoutId }, "a paid checkout's subscription had already ended: no service started, the operator is told (a refund may be due)");
      }
    } catch (error) {
      result.errors += 1;
      log?.warn({ err: safeError(error) }, "reconciliation could not check a checkout; it is asked again next pass");
    }
  }
  result.capacityNotices = await notifyDaysPastCapacity(db, { capacity: deps.capacity, operatorInbox: deps.operator.inbox, today: todayInServiceZone(now) });
  return result;
}

/** The operator notice's de-duplication key: one per day and count (a further late payment on the day is told again). */
export const capacityNoticeKey = (date: string, orderCount: number) => `capacity:${date}:${orderCount}`;

/**
 * Days from today on whose orders exceed the capacity: only a paid customer who was never turned away (a
 * late payment whose day filled meanwhile) puts a day there. The operator is e-mailed once per day and count.
 */
export async function notifyDaysPastCapacity(db: Db, options: { capacity: number; operatorInbox: string; today: string }): Promise<number> {
  const over = await db
    .select({ date: orders.date, n: count() })
    .from(orders)
    .where(gte(orders.date, options.today))
    .groupBy(orders.date)
    .having(sql`count(*) > ${options.capacity}`)
    .orderBy(orders.date);
  let queued = 0;
  for (const { date, n } of over) {
    const id = await queueEmail(db, {
      kind: "capacity-exceeded",
      to: options.operatorInbox,
      language: "en",
      data: { date, orders: Number(n), capacity: options.capacity },
      dedupeKey: capacityNoticeKey(date, Number(n)),
    });
    if (id !== null) queued += 1;
  }
  return queued;
}

/**
 * Before open checkouts are replaced or released: closes each at the provider (so it can no longer be paid),
 * then asks whether it was paid; a paid one is fulfilled. Answers whether one was paid and served the client, and
 * the sessions that no longer need holding: closed unpaid, or paid for a subscription that had already ended (no
 * service starts; the operator has its notice, decision 021), which takes no more money and serves nobody, so the
 * checkout that replaces it goes ahead. A provider that cannot answer makes this throw.
 */
export async function settleBeforeRelease(
  db: Db,
  provider: PaymentProvider,
  sessionIds: string[],
  operator: OperatorContact,
  log?: Log,
): Promise<{ paid: boolean; closed: string[] }> {
  const closed: string[] = [];
  for (const sessionId of sessionIds) {
    let expired = true;
    try {
      await provider.expireCheckoutSession(sessionId);
    } catch (error) {
      expired = false;
      log?.warn({ err: safeError(error) }, "could not close a checkout session at the provider before replacing it");
    }
    const status = await provider.getCheckoutStatus(sessionId);
    if (status.paid) {
      const { outcome } = await fulfilPaidCheckout(db, {
        sessionId,
        customerId: status.customerId,
        subscriptionId: status.subscriptionId,
        subscription: status.subscription,
        operator,
      });
      if (outcome !== "subscription_ended") return { paid: true, closed };
      closed.push(sessionId);
      continue;
    }
    if (expired) closed.push(sessionId);
  }
  return { paid: false, closed };
}

/** The open checkouts (with a provider session) of the pending client of this e-mail; `checkoutId`: that one only. */
export async function openSessionsOf(db: Db, email: string, checkoutId?: number): Promise<string[]> {
  const rows = await db
    .select({ sessionId: checkouts.providerSessionId })
    .from(checkouts)
    .innerJoin(clients, eq(clients.id, checkouts.clientId))
    .where(
      and(
        eq(clients.email, normalizeEmail(email)),
        eq(checkouts.status, "open"),
        isNotNull(checkouts.providerSessionId),
        checkoutId === undefined ? undefined : eq(checkouts.id, checkoutId),
      ),
    )
    .orderBy(desc(checkouts.id));
  return rows.map((r) => r.sessionId!).filter(Boolean);
}

/**
 * The background loop: one pass at start, then one every `intervalMs` (0: none at all): the checkouts awaiting
 * payment, then a few subscriptions (`subscriptionSync`). Passes never overlap; stop() waits for the one in flight.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private readonly closed = new Map<string, number>();

  constructor(
    private readonly options: Omit<ReconcileDeps, "now" | "closed"> & {
      now: () => Date;
      intervalMs: number;
      /** SUBSCRIPTION_SYNC_BATCH subscriptions a pass, each about once every SUBSCRIPTION_SYNC_HOURS. */
      subscriptionSync: { batch: number; periodHours: number };
    },
  ) {}

  /** One pass now (also what the loop runs). */
  async runOnce(): Promise<ReconcileResult & { subscriptions: SyncResult }> {
    const { now, intervalMs: _interval, subscriptionSync, ...deps } = this.options;
    const checkouts = await reconcileCheckouts({ ...deps, now: now(), closed: this.closed });
    const subscriptions = await syncSubscriptions({ db: deps.db, provider: deps.provider, now, log: deps.log, ...subscriptionSync });
    return { ...checkouts, subscriptions };
  }

  /** Whether this reconciler remembers a session as closed unpaid (and so does not ask about it). */
  remembersClosed(sessionId: string): boolean {
    return this.closed.has(sessionId);
  }

  start() {
    if (!this.stopped || this.options.intervalMs <= 0) return;
    this.stopped = false;
    const tick = async () => {
      this.running = this.runOnce().catch((error: unknown) => this.options.log?.warn({ err: safeError(error) }, "reconciliation pass failed"));
      await this.running;
      if (!this.stopped) {
        this.timer = setTimeout(() => void tick(), this.options.intervalMs);
        this.timer.unref();
      }
    };
    void tick();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
