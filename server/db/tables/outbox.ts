// The e-mail outbox (every message is queued here and sent by the worker) and the development mailbox.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    language: text("language").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** A second queue of the same message (same key) is a no-op. */
    dedupeKey: text("dedupe_key"),
    /** pending → sending (claimed) → sent; failed after the last attempt or a permanent error. */
    status: text("status").$type<"pending" | "sending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A claimed message whose worker died is claimable again after this. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * A random token per claim (server/mail/worker.ts): the worker holding it may send the message and write its
     * outcome; one whose lease lapsed and whose message another worker claimed matches no longer (decision 028).
     */
    claimToken: text("claim_token"),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_key_idx").on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The last end-of-plan notice of a subscription (services/subscription-state.ts): a few rows of two kinds, not
    // every message ever sent.
    index("email_outbox_kind_idx").on(t.kind, t.id),
  ],
);

/** Messages "delivered" without SMTP_URL: kept for /dev/mailbox. */
export const devMailbox = pgTable("dev_mailbox", {
  id: serial("id").primaryKey(),
  outboxId: integer("outbox_id"),
  from: text("from").notNull(),
  to: text("to").notNull(),
  replyTo: text("reply_to"),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
