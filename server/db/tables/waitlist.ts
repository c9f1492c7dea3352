// "Tell me when you arrive": visitors whose ZIP is not served yet, one row per e-mail and ZIP.
import { pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Language } from "#contract/common";

export const waitlist = pgTable(
  "waitlist",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    zip: text("zip").notNull(),
    language: text("language").$type<Language>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("waitlist_email_zip").on(table.email, table.zip)],
);
