// The outbox worker: claims due messages one at a time with FOR UPDATE SKIP LOCKED (so several processes never
// send the same one), renders and sends each, and retries failures with exponential backoff. Delivery is at least
// once: a claim is a lease of about a minute, renewed while the message is being sent, so a worker that dies
// mid-send delays its message by a minute at most; the message then goes out again with the same Message-ID
// (stable per outbox row), which lets a receiver recognise the repeat. Each claim carries a random token, and the
// worker sends and writes the outcome only while the row still holds its token (decision 028).
import { randomUUID } from "node:crypto";
import { and, asc, eq, exists, inArray, lt, lte, notInArray, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Language } from "#contract/common";
import type { Database } from "../db/index";
import { emailOutbox } from "../db/schema";
import type { EmailKind } from "./outbox";
import { renderEmail, TemplateError, type RenderContext } from "./templates";
import type { MailTransport } from "./transport";
import { redactText, safeError } from "../safe-log";
import { startSignInLinkClock } from "../auth/portal-access";
import type { SignInData } from "./outbox";

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
  /** Messages one pass tries at most (each claimed on its own, just before it is sent). */
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
  /** Claims this worker lost before sending (its lease lapsed and another worker took the message). */
  lost: number;
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

  /**
   * Claims the first message due now that no other worker holds, stamped with a new token, or none. One at a time,
   * just before it is sent: a batch claimed at once lost the lease of the messages waiting their turn behind a slow
   * send, and another worker sent them too. `skip`: the messages this pass has already tried.
   */
  private async claim(skip: number[]): Promise<(Row & { claimToken: string }) | undefined> {
    const { db } = this.o;
    const earlier = alias(emailOutbox, "earlier");
    const due = (t: { status: AnyPgColumn; nextAttemptAt: AnyPgColumn; lockedUntil: AnyPgColumn }) =>
      or(and(eq(t.status, "pending"), lte(t.nextAttemptAt, sql`now()`)), and(eq(t.status, "sending"), lte(t.lockedUntil, sql`now()`)));
    const candidate = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          due(emailOutbox),
          skip.length ? notInArray(emailOutbox.id, skip) : undefined,
          // In the order they were queued, per address: a customer's "your plan ends" and "your plan goes on", queued
          // a moment apart, must not be sent at once by two workers, so a message waits while an earlier one to the
          // same address is due or being sent (one waiting for a retry, or tried in this pass, holds nothing back).
          sql`not ${exists(
            db
              .select({ one: sql`1` })
              .from(earlier)
              .where(
                and(
                  eq(earlier.to, emailOutbox.to),
                  lt(earlier.id, emailOutbox.id),
                  or(due(earlier), eq(earlier.status, "sending")),
                  skip.length ? notInArray(earlier.id, skip) : undefined,
                ),
              ),
          )}`,
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    const claimToken = randomUUID();
    const [claimed] = await db
      .update(emailOutbox)
      .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, lockedUntil: sql`now() + ${ms(this.o.leaseMs)}`, claimToken })
      .where(inArray(emailOutbox.id, candidate))
      .returning();
    return claimed ? { ...claimed, claimToken } : undefined;
  }

  /** Only the worker whose claim the row still holds: a lapsed claim taken over by another worker matches nothing. */
  private mine(row: { id: number; claimToken: string }) {
    return and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimToken, row.claimToken));
  }

  /** Pushes the lease forward if the claim is still this worker's; false when it was lost. */
  private async renew(row: { id: number; claimToken: string }): Promise<boolean> {
    const renewed = await this.o.db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() + ${ms(this.o.leaseMs)}` })
      .where(this.mine(row))
      .returning({ id: emailOutbox.id });
    return renewed.length > 0;
  }

  /** Keeps the claim of a message being sent alive: its lease is pushed forward every third of it. */
  private renewWhileSending(row: { id: number; claimToken: string }): () => void {
    const timer = setInterval(() => {
      this.renew(row).catch((error: unknown) => this.o.log?.warn({ outboxId: row.id, err: safeError(error) }, "could not renew an e-mail claim"));
    }, Math.max(50, Math.floor(this.o.leaseMs / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }

  private async deliver(row: Row & { claimToken: string }): Promise<"sent" | "retried" | "failed" | "lost"> {
    const { db } = this.o;
    const stopRenewing = this.renewWhileSending(row);
    try {
      const rendered = await renderEmail(
        { kind: row.kind as EmailKind, to: row.to, language: row.language as Language, data: row.data },
        this.o.render,
      );
      // The last word before sending: a claim that lapsed meanwhile (a stalled process) and was taken over is not sent.
      if (!(await this.renew(row))) {
        stopRenewing();
        this.o.log?.warn({ outboxId: row.id, kind: row.kind }, "e-mail claim lost before sending; another worker has it");
        return "lost";
      }
      if (row.kind === "sign-in") await startSignInLinkClock(db, this.o.render.secret, row.data as SignInData, this.o.render.now?.() ?? new Date());
      const stableId = outboxMessageId(row, this.domain);
      const { messageId } = await this.o.transport.send({ from: this.o.from, to: row.to, ...rendered, messageId: stableId }, row.id);
      stopRenewing();
      const recorded = await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, messageId, lockedUntil: null, lastError: null, claimToken: null })
        .where(this.mine(row))
        .returning({ id: emailOutbox.id });
      // Sent, but the send outlasted a lease that could not be renewed and another worker took the message over: its
      // outcome is the one kept (the receiver sees the same Message-ID twice).
      if (recorded.length === 0) this.o.log?.warn({ outboxId: row.id, kind: row.kind }, "e-mail sent after its claim was lost");
      return "sent";
    } catch (error) {
      stopRenewing();
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = isPermanent(error) && (error instanceof TemplateError || row.attempts >= this.o.maxPermanentAttempts);
      if (giveUp) {
        this.o.log?.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: redactText(message).slice(0, 300) }, "e-mail given up");
        await db.update(emailOutbox).set({ status: "failed", lockedUntil: null, lastError: message, claimToken: null }).where(this.mine(row));
        return "failed";
      }
      const delay = backoffMs(row.attempts, this.o.retryBaseMs, this.o.maxDelayMs);
      this.o.log?.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: redactText(message).slice(0, 300) }, "e-mail send failed; will retry");
      // Never over another worker's claim: a late failure would put a message already sent back in the queue.
      await db
        .update(emailOutbox)
        .set({ status: "pending", lockedUntil: null, lastError: message, nextAttemptAt: sql`now() + ${ms(delay)}`, claimToken: null })
        .where(this.mine(row));
      return "retried";
    }
  }

  /** One pass: claims and tries up to batchSize due messages, one at a time, each once. */
  async runOnce(): Promise<RunResult> {
    const result: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0, lost: 0 };
    const tried: number[] = [];
    while (tried.length < this.o.batchSize) {
      const row = await this.claim(tried);
      if (!row) break;
      tried.push(row.id);
      result.claimed += 1;
      result[await this.deliver(row)] += 1;
    }
    return result;
  }

  /** Passes until nothing is due (messages waiting for a later retry stay for later). */
  async drain(): Promise<RunResult> {
    const total: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0, lost: 0 };
    for (;;) {
      const r = await this.runOnce();
      for (const key of Object.keys(total) as (keyof RunResult)[]) total[key] += r[key];
      if (r.sent === 0) return total;
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
