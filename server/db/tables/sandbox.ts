// The sandbox payment provider's own records (what a real provider keeps on its side).
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Language } from "#contract/common";

export const sandboxCheckoutSessions = pgTable("sandbox_checkout_sessions", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  email: text("email").notNull(),
  customerName: text("customer_name").notNull(),
  language: text("language").$type<Language>().notNull(),
  renewalDate: text("renewal_date").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** open → complete (paid) | expired. */
  status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  declines: integer("declines").notNull().default(0),
  customerId: text("customer_id"),
  subscriptionId: text("subscription_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  email: text("email").notNull(),
  status: text("status").$type<"active" | "canceled">().notNull().default("active"),
  /** First weekly charge (yyyy-mm-dd); then every 7 days. */
  renewalDate: text("renewal_date").notNull(),
  firstChargeCents: integer("first_charge_cents").notNull(),
  weeklyCents: integer("weekly_cents").notNull(),
  cardBrand: text("card_brand").notNull(),
  cardLast4: text("card_last4").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
});

export const sandboxPortalSessions = pgTable("sandbox_portal_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  language: text("language").$type<Language>().notNull(),
  returnUrl: text("return_url").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
