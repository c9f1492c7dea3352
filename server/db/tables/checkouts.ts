// Checkout sessions (each holds its two pickup days while open and unexpired) and the per-day lock rows.
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { Client } from "#contract/client";
import type { Language } from "#contract/common";
import { clients } from "./clients";

export type CheckoutStatus = "open" | "paid" | "expired" | "failed";

export const checkouts = pgTable(
  "checkouts",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"sandbox" | "stripe">().notNull(),
    /** The provider's session id; null for the instant between the hold and the provider's answer. */
    providerSessionId: text("provider_session_id").unique(),
    url: text("url"),
    /** open (holds its days until expiresAt) → paid | expired (replaced, cancelled, timed out) | failed (provider error). */
    status: text("status").$type<CheckoutStatus>().notNull().default("open"),
    pickupOne: date("pickup_one", { mode: "string" }).notNull(),
    pickupTwo: date("pickup_two", { mode: "string" }).notNull(),
    language: text("language").$type<Language>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    customerId: text("customer_id"),
    subscriptionId: text("subscription_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The client exactly as the payer submitted it with this checkout: what fulfilment activates. */
    submittedClient: jsonb("submitted_client").$type<Client>(),
    /** SHA-256 of the random value of the checkout cookie of the browser that opened it (server/auth/ownership.ts). */
    ownerHash: text("owner_hash").unique(),
    /** Keyed hash of the client address that opened it (the per-address cap on open checkouts). */
    addressKey: text("address_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("checkouts_client_idx").on(t.clientId),
    index("checkouts_hold_one_idx").on(t.pickupOne, t.status),
    index("checkouts_hold_two_idx").on(t.pickupTwo, t.status),
    index("checkouts_address_idx").on(t.addressKey, t.status),
  ],
);

/**
 * One row per pickup date, locked (SELECT ... FOR UPDATE) by every writer that counts or takes that
 * day's capacity, so the count and the hold are one atomic step on PostgreSQL and PGlite alike.
 */
export const pickupDays = pgTable("pickup_days", {
  date: date("date", { mode: "string" }).primaryKey(),
});

export type CheckoutRow = typeof checkouts.$inferSelect;
