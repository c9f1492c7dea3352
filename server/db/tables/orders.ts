// Pickup orders: one per client and date.
import { date, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { checkouts } from "./checkouts";
import { clients } from "./clients";

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id),
    checkoutId: integer("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    date: date("date", { mode: "string" }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("orders_client_date_unique").on(t.clientId, t.date), index("orders_date_idx").on(t.date)],
);
