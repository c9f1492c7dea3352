import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Facts about this installation (e.g. when it was first started). */
export const appInfo = pgTable("app_info", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
