// Payment provider events already processed (Stripe webhooks): the event id is the de-duplication key, in the
// database so that several server processes and Stripe's retries never apply one event twice.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const paymentEvents = pgTable("payment_events", {
  /** The provider's event id (Stripe: evt_...). A second delivery inserts nothing. */
  eventId: text("event_id").primaryKey(),
  provider: text("provider").$type<"stripe">().notNull(),
  type: text("type").notNull(),
  /** The object the event is about (a checkout session, a subscription), for the operator's eyes. */
  objectId: text("object_id"),
  /** What we did with it: fulfilled, deactivated, ignored (unknown or not ours), pending (paid later). */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
