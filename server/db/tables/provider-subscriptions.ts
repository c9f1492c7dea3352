// The last state of each provider subscription we know (decision 020): what Stripe (or the sandbox) said when
// last asked, never an event's snapshot, and whether this rule ended the client's service for it.
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const providerSubscriptions = pgTable(
  "provider_subscriptions",
  {
    subscriptionId: text("subscription_id").primaryKey(),
    provider: text("provider").$type<"sandbox" | "stripe">().notNull(),
    customerId: text("customer_id"),
    /** Our client: the one fulfilment gave this subscription, else the subscription's metadata (no foreign key: it may name a deleted sign-up). */
    clientId: integer("client_id"),
    /** The provider's status when last asked (Stripe's names); null until first asked (a row written by fulfilment or the backfill). */
    status: text("status"),
    /** Stripe's pause_collection is set: invoices are not charged although the status stays active. */
    collectionPaused: boolean("collection_paused").notNull().default(false),
    /** When the provider was asked for `status` (the request's start): a read begun earlier never overwrites one begun later. */
    observedAt: timestamp("observed_at", { withTimezone: true }),
    /** When this rule ended the client's service for this subscription; null when it did not. Only then does a later serving status serve the client again. */
    serviceEndedAt: timestamp("service_ended_at", { withTimezone: true }),
    /** When the slow reconcile pass last asked the provider about it (SUBSCRIPTION_SYNC_HOURS). */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("provider_subscriptions_checked_idx").on(t.provider, t.checkedAt)],
);

export type ProviderSubscriptionRow = typeof providerSubscriptions.$inferSelect;
