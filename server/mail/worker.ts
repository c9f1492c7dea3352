// The outbox worker: claims due messages with FOR UPDATE SKIP LOCKED (so several processes never send the
// same one), renders and sends each, and retries failures with exponential backoff. Delivery is at least once:
// a claim is a lease of about a minute, renewed while the message is being sent, so a worker that dies
// mid-send delays its messages by a minute at most; the message then goes out again with the same
// Message-ID (stable per outbox row), which lets a receiver recognise the repeat.
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Language } from "#contract/common";
import type { Database } from "../db/index";
import { emailOutbox } from "../db/schema";
import type { EmailKind } from "./outbox";
import { renderEmail, TemplateError, type RenderContext } from "./templates";
import type { MailTransport } from "./transport";
import { redactText, safeError } from "../safe-log";

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  render: RenderContext;
  log?: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Milliseconds between polls of the background loop. */
  intervalMs?: number;
  /** First retry delay; doubles per attempt, capped at maxDelayMs. */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** Attempts after which a message the SMTP server rejects permanently (5xx) is given up. */
  maxPermanentAttempts?: number;
  batchSize?: number;
  /** A claimed message whose worker died becomes claimable again after this; renewed every third of it while sending. */
  leaseMs?: number;
}

/** How long a claim lasts unless renewed: a crash delays a message by about this much. */
export const MAIL_LEASE_MS = 60_000;

/** The domain of the sender address (`Name <hello@example.com>` → example.com), for Message-IDs. */
export function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase() ?? "localhost";
}

/**
 * The Message-ID of an outbox row: the same on every attempt (a receiver de-duplicates a repeat), different for
 * every row, and different for a row of the same id in another database (its creation time is part of it).
 */
export function outboxMessageId(row: { id: number; createdAt: Date }, domain: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`;
}

export interface RunResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

type Row = typeof emailOutbox.$inferSelect;

const ms = (value: number) => sql`(${Math.round(value)} * interval '1 millisecond')`;

/** Delay before the next attempt after `attempts` failed ones. */
export function backoffMs(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

function isPermanent(error: unknown): boolean {
  if (error instanceof TemplateError) return true;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private readonly o: Required<Omit<MailWorkerOptions, "log">> & Pick<MailWorkerOptions, "log">;

  constructor(options: MailWorkerOptions) {
    this.o = {
      intervalMs: 1000,
      retryBaseMs: 30_000,
      maxDelayMs: 60 * 60 * 1000,
      maxPermanentAttempts: 5,
      batchSize: 10,
      leaseMs: MAIL_LEASE_MS,
      ...options,
    };
    this.domain = senderDomain(this.o.from);
  }

  private readonly domain: string;

  get transportName() {
    return this.o.transport.name;
  }

  /** Claims the messages due now, atomically (a row claimed by one worker is skipped by the others), in queue order. */
  private async claim(): Promise<Row[]> {
    const { db } = this.o;
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(emailOutbox.status, "sending"), lte(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(this.o.batchSize)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(emailOutbox)
      .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, lockedUntil: sql`now() + ${ms(this.o.leaseMs)}` })
      .where(inArray(emailOutbox.id, due))
      .returning();
    // In the order they were queued (UPDATE ... RETURNING keeps none): a customer's "your plan ends" and "your plan
    // goes on", queued a moment apart, must reach the inbox in that order.
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** Keeps the claim of a message being sent alive: its lease is pushed forward every third of it. */
  private renewWhileSending(id: number): () => void {
    const { db } = this.o;
    const timer = setInterval(() => {
      db.update(emailOutbox)
        .set({ lockedUntil: sql`now() + ${ms(this.o.leaseMs)}` })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "sending")))
        .catch((error: unknown) => this.o.log?.warn({ outboxId: id, err: safeError(error) }, "could not renew an e-mail claim"));
    }, Math.max(50, Math.floor(this.o.leaseMs / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }

  private async deliver(row: Row): Promise<"sent" | "retried" | "failed"> {
    const { db } = this.o;
    const stopRenewing = this.renewWhileSending(row.id);
    try {
      const rendered = await renderEmail(
        { kind: row.kind as EmailKind, to: row.to, language: row.language as Language, data: row.data },
        this.o.render,
      );
      const stableId = outboxMessageId(row, this.domain);
      const { messageId } = await this.o.transport.send({ from: this.o.from, to: row.to, ...rendered, messageId: stableId }, row.id);
      stopRenewing();
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, messageId, lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, row.id));
      return "sent";
    } catch (error) {
      stopRenewing();
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = isPermanent(error) && (error instanceof TemplateError || row.attempts >= this.o.maxPermanentAttempts);
      if (giveUp) {
        this.o.log?.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: redactText(message).slice(0, 300) }, "e-mail given up");
        await db.update(emailOutbox).set({ status: "failed", lockedUntil: null, lastError: message }).where(eq(emailOutbox.id, row.id));
        return "failed";
      }
      const delay = backoffMs(row.attempts, this.o.retryBaseMs, this.o.maxDelayMs);
      this.o.log?.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: redactText(message).slice(0, 300) }, "e-mail send failed; will retry");
      await db
        .update(emailOutbox)
        .set({ status: "pending", lockedUntil: null, lastError: message, nextAttemptAt: sql`now() + ${ms(delay)}` })
        .where(eq(emailOutbox.id, row.id));
      return "retried";
    }
  }

  /** One pass: claims one batch of due messages and tries each once. */
  async runOnce(): Promise<RunResult> {
    const rows = await this.claim();
    const result: RunResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
    for (const row of rows) result[await this.deliver(row)] += 1;
    return result;
  }

  /** Passes until nothing is due (messages waiting for a later retry stay for later). */
  async drain(): Promise<RunResult> {
    const total: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const r = await this.runOnce();
      for (const key of Object.keys(total) as (keyof RunResult)[]) total[key] += r[key];
      if (r.claimed === 0 || r.claimed === r.retried + r.failed) return total;
    }
  }

  /** Starts the background loop (no-op with intervalMs 0). */
  start() {
    if (!this.stopped || this.o.intervalMs <= 0) return;
    this.stopped = false;
    const tick = async () => {
      this.running = this.drain().catch((error: unknown) => this.o.log?.error({ err: safeError(error) }, "mail worker pass failed"));
      await this.running;
      if (!this.stopped) this.timer = setTimeout(tick, this.o.intervalMs);
    };
    this.timer = setTimeout(tick, this.o.intervalMs);
  }

  /** Stops the loop and waits for the pass in flight. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.o.transport.close();
  }
}
