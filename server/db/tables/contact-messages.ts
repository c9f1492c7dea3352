// Messages sent through the contact form.
import { pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    type: text("type").$type<"commercial" | "residential">().notNull(),
    name: text("name").notNull(),
    businessName: text("business_name"),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    /** The browser's key for one message: a send repeated after a lost answer is stored (and e-mailed) once. */
    submissionId: text("submission_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("contact_messages_submission_id").on(table.submissionId)],
);
