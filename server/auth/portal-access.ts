// Proofs that open a customer's billing portal besides the paying browser's cookie:
// - the welcome e-mail's link carries a signed token ("w."), valid 30 days, for its own address only;
// - a sign-in link e-mailed on request carries a random token ("s."), single-use, valid 15 minutes, stored
//   only as a hash; the outbox keeps the token sealed with the server secret until the e-mail is rendered.
import { and, eq, gt, gte, isNull, sql } from "drizzle-orm";
import { clients, signInLinks, type ClientRow } from "../db/schema";
import { queueEmail } from "../mail/outbox";
import type { Db } from "../services/db";
import { normalizeEmail, type Language } from "../../src/contract/common";
import { hmac, randomToken, sameText, seal, sha256 } from "./crypto";

export const WELCOME_TOKEN_DAYS = 30;
export const SIGN_IN_LINK_MINUTES = 15;

const welcomeSignature = (secret: string, email: string, expires: number) => hmac(secret, `portal-welcome|${normalizeEmail(email)}|${expires}`);

/** The welcome e-mail's portal token for this address: "w.<expiry, unix seconds>.<signature>". */
export function signWelcomeToken(secret: string, email: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + WELCOME_TOKEN_DAYS * 24 * 60 * 60;
  return `w.${expires}.${welcomeSignature(secret, email, expires)}`;
}

export function verifyWelcomeToken(secret: string, token: string, email: string, now: Date): boolean {
  const match = /^w\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  return sameText(match[2]!, welcomeSignature(secret, email, expires));
}

/**
 * Queues a sign-in link e-mail for an active client, unless the address already got `perDay` links in the
 * last 24 hours. True when one was queued.
 */
export async function sendSignInLink(db: Db, secret: string, client: ClientRow, now: Date, perDay: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One client at a time: two concurrent requests cannot both pass the daily count.
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, client.id)).for("update");
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(signInLinks)
      .where(and(eq(signInLinks.clientId, client.id), gte(signInLinks.createdAt, since)));
    if (Number(count?.n ?? 0) >= perDay) return false;
    const token = randomToken();
    const [link] = await tx
      .insert(signInLinks)
      .values({ clientId: client.id, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000), createdAt: now })
      .returning({ id: signInLinks.id });
    await queueEmail(tx, {
      kind: "sign-in",
      to: client.email,
      language: client.language,
      data: { firstName: client.name, sealedToken: seal(secret, token), minutes: SIGN_IN_LINK_MINUTES },
      dedupeKey: `sign-in:${link!.id}`,
    });
    return true;
  });
}

/** Uses a sign-in token ("s.<token>") for this address: true once, while unexpired; nothing for another address. */
export async function redeemSignInToken(db: Db, token: string, email: string, now: Date): Promise<boolean> {
  const match = /^s\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const owner = db.select({ id: clients.id }).from(clients).where(eq(clients.email, normalizeEmail(email)));
  const used = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, sha256(match[1]!)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now), sql`${signInLinks.clientId} = (${owner})`))
    .returning({ id: signInLinks.id });
  return used.length > 0;
}

/** The site's home in a language: Spanish pages live under /es/ (what e-mails and the portal return to). */
export function homeAddress(publicUrl: string, language: Language): string {
  return `${publicUrl}${language === "es" ? "/es/" : "/"}`;
}

/** The address of the portal sign-in page for a token (what the e-mails link to), in the customer's language. */
export function portalLink(publicUrl: string, email: string, token: string, language: Language): string {
  return `${homeAddress(publicUrl, language)}?${new URLSearchParams({ email, token })}`;
}
