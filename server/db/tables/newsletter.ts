// Newsletter subscriptions from the blog: one per e-mail.
import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { Language } from "#contract/common";

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  language: text("language").$type<Language>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
