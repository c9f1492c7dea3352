// Clients: one row per e-mail (trimmed, lowercased), pending until their checkout is paid.
import { boolean, date, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { Address, Detergent } from "#contract/client";
import type { Language } from "#contract/common";

export const clients = pgTable("clients", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  surname: text("surname").notNull(),
  phoneNumber: text("phone_number").notNull(),
  language: text("language").$type<Language>().notNull().default("en"),
  detergent: text("detergent").$type<Detergent>().notNull(),
  fabricSoftener: boolean("fabric_softener").notNull(),
  startDate: date("start_date", { mode: "string" }).notNull(),
  pickupOne: date("pickup_one", { mode: "string" }).notNull(),
  pickupTwo: date("pickup_two", { mode: "string" }).notNull(),
  address: jsonb("address").$type<Address>().notNull(),
  /** True while the subscription is live: set by fulfilment only, cleared when it is cancelled. */
  isActive: boolean("is_active").notNull().default(false),
  /** The payment provider's customer and subscription, known once a checkout is paid. */
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id"),
  activatedAt: timestamp("activated_at", { withTimezone: true }),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ClientRow = typeof clients.$inferSelect;
