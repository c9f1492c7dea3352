// The database schema: one definition for PGlite and PostgreSQL; `npm run db:generate` writes migrations.
import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Placeholder until the API issue adds the domain tables (clients, checkouts, orders, outbox...). */
export const appInfo = pgTable("app_info", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
