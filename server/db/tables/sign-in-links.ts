// Sign-in links to the billing portal, e-mailed to a customer: random, single-use, short-lived, kept only as a hash.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    /**
     * The browser's key for the request that e-mailed this link (decision 018): a request repeated after its
     * answer was lost is answered by this link, not a second one. Unique per client, so nobody's key touches
     * another customer's links; once the link is used or expired, the key asking again moves to the new link.
     */
    requestId: text("request_id"),
    /**
     * Who asked: the keyed hash of the requesting client address (addressKey, server/auth/ownership.ts: never the
     * address itself), under which the day's links are counted (decision 010, amended 2026-11-27). Null on the links
     * e-mailed before it was kept: they count only towards the customer's overall ceiling.
     */
    addressKey: text("address_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_links_client_idx").on(t.clientId, t.createdAt), uniqueIndex("sign_in_links_request_idx").on(t.clientId, t.requestId)],
);
