// Sign-in links to the billing portal, e-mailed to a customer: random, single-use, short-lived, kept only as a hash.
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";

export const signInLinks = pgTable(
  "sign_in_links",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the link's random token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_links_client_idx").on(t.clientId, t.createdAt)],
);
