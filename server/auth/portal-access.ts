// Proofs that open a customer's billing portal (product.md PAY-9) besides the paying browser's cookie:
// - the welcome e-mail's link carries a sealed token ("w."), valid 30 days, for its own address only: the address
//   and the expiry encrypted and authenticated with the server secret, so the link names nobody;
// - a sign-in link e-mailed on request carries a random token ("s."), single-use, valid 15 minutes, stored
//   only as a hash; the outbox keeps the token sealed with the server secret until the e-mail is rendered.
// Either token alone identifies its customer: the e-mailed links carry no address (issue 13).
import { and, eq, gt, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { clients, signInLinks, type ClientRow } from "../db/schema";
import { queueEmail } from "../mail/outbox";
import type { Db } from "../services/db";
import { normalizeEmail, type Language } from "#contract/common";
import { pathInLanguage } from "../../src/i18n/languages";
import { hmac, randomToken, sameText, seal, sha256, unseal } from "./crypto";

export const WELCOME_TOKEN_DAYS = 30;
export const SIGN_IN_LINK_MINUTES = 15;

// The welcome tokens e-mailed before issue 13 ("w.<expiry>.<signature>", with the address beside them in the link)
// are checked against that address until they expire.
const welcomeSignature = (secret: string, email: string, expires: number) => hmac(secret, `portal-welcome|${normalizeEmail(email)}|${expires}`);
const SIGNED_WELCOME = /^w\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
/** "w.<iv>.<tag>.<ciphertext>": seal()'s AES-256-GCM parts (12-byte iv, 16-byte tag), base64url. */
const SEALED_WELCOME = /^w\.([A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{1,600})$/;
const WELCOME_PURPOSE = "portal-welcome";

/** The welcome e-mail's portal token for this address: "w.<sealed purpose, expiry and address>", naming nobody. */
export function signWelcomeToken(secret: string, email: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + WELCOME_TOKEN_DAYS * 24 * 60 * 60;
  return `w.${seal(secret, `${WELCOME_PURPOSE}|${expires}|${normalizeEmail(email)}`)}`;
}

/**
 * The address a welcome token was sealed for, and whether it is still valid; null for anything this server did
 * not seal as a welcome token (tampered, another secret, another purpose, an old signed token).
 */
export function openWelcomeToken(secret: string, token: string, now: Date): { email: string; valid: boolean } | null {
  const match = SEALED_WELCOME.exec(token);
  const plain = match ? unseal(secret, match[1]!) : null;
  const parts = plain ? /^portal-welcome\|(\d{1,12})\|(.+)$/s.exec(plain) : null;
  if (!parts) return null;
  return { email: parts[2]!, valid: Number(parts[1]) * 1000 > now.getTime() };
}

/** True when the token is a valid welcome token for this address: a sealed one, or an old signed one. */
export function verifyWelcomeToken(secret: string, token: string, email: string, now: Date): boolean {
  const sealed = openWelcomeToken(secret, token, now);
  if (sealed) return sealed.valid && sealed.email === normalizeEmail(email);
  const match = SIGNED_WELCOME.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  return sameText(match[2]!, welcomeSignature(secret, email, expires));
}

/**
 * The overall ceiling on one customer's sign-in links a day, from every client address together: this many
 * addresses' worth (SIGN_IN_LINKS_PER_DAY each), so that a few addresses cannot flood the inbox while a stranger's
 * own address cannot use up the customer's share (decision 010, amended 2026-11-27).
 */
export const SIGN_IN_LINK_CEILING_ADDRESSES = 3;

export interface SignInRequester {
  /** The keyed hash of the requesting client address (addressKey over clientKey: an IPv4 address or an IPv6 /64). */
  addressKey: string;
  /** Links one client address may have e-mailed to one customer in 24 hours (SIGN_IN_LINKS_PER_DAY). */
  perDay: number;
}

/**
 * Queues a sign-in link e-mail for a client holding a subscription (the caller checks: served or suspended,
 * decision 023). True when one was queued. The day's links (the last 24 hours) are counted per requesting client
 * address, `perDay` each, so a stranger asking from elsewhere spends only their own address's share; and, for the
 * inbox's sake, at most SIGN_IN_LINK_CEILING_ADDRESSES times `perDay` links from every address together, a ceiling
 * that does not stop an address whose earlier link of this customer was used (the customer's own connection,
 * most likely), which keeps its own `perDay`.
 *
 * `requestId` is the browser's key for one request (decision 018), the same on every try of it: a try repeated
 * while the link an earlier try e-mailed is still unused and unexpired is answered by that link (true, nothing
 * queued, nothing counted), from whatever address. It is this client's key only; the row and the e-mail are
 * written together.
 */
export async function sendSignInLink(db: Db, secret: string, client: ClientRow, now: Date, from: SignInRequester, requestId?: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One client at a time: two concurrent requests cannot both pass the daily counts, nor both take a key.
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, client.id)).for("update");
    if (requestId !== undefined) {
      const [earlier] = await tx
        .select({ id: signInLinks.id, usedAt: signInLinks.usedAt, expiresAt: signInLinks.expiresAt })
        .from(signInLinks)
        .where(and(eq(signInLinks.clientId, client.id), eq(signInLinks.requestId, requestId)));
      if (earlier && earlier.usedAt === null && earlier.expiresAt > now) return true;
      // Its link used or expired: the same key asks for a new one, as any new request.
      if (earlier) await tx.update(signInLinks).set({ requestId: null }).where(eq(signInLinks.id, earlier.id));
    }
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const fromHere = eq(signInLinks.addressKey, from.addressKey);
    // Links e-mailed before the address was kept (address_key null) count towards the ceiling only.
    const [count] = await tx
      .select({
        all: sql<number>`count(*)::int`,
        here: sql<number>`(count(*) filter (where ${fromHere}))::int`,
      })
      .from(signInLinks)
      .where(and(eq(signInLinks.clientId, client.id), gte(signInLinks.createdAt, since)));
    if (Number(count?.here ?? 0) >= from.perDay) return false;
    if (Number(count?.all ?? 0) >= from.perDay * SIGN_IN_LINK_CEILING_ADDRESSES) {
      // At the ceiling, only an address the customer has signed in through before still gets its share.
      const [known] = await tx
        .select({ id: signInLinks.id })
        .from(signInLinks)
        .where(and(eq(signInLinks.clientId, client.id), fromHere, isNotNull(signInLinks.usedAt)))
        .limit(1);
      if (!known) return false;
    }
    const token = randomToken();
    const [link] = await tx
      .insert(signInLinks)
      .values({
        clientId: client.id,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
        requestId,
        addressKey: from.addressKey,
        createdAt: now,
      })
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

/**
 * Starts a sign-in link's minutes when its e-mail is sent (the mail worker calls this just before sending), not when
 * it was asked for: after a mail outage the message may go out an hour late, and the link it carries must still work
 * for the minutes it promises (decision 028). An unused link only ever gains time; a used one stays used.
 */
export async function startSignInLinkClock(db: Db, secret: string | undefined, data: { sealedToken: string; minutes: number }, now: Date): Promise<void> {
  const token = secret ? unseal(secret, data.sealedToken) : null;
  if (!token) return;
  const expiresAt = new Date(now.getTime() + data.minutes * 60_000);
  await db
    .update(signInLinks)
    .set({ expiresAt })
    .where(and(eq(signInLinks.tokenHash, sha256(token)), isNull(signInLinks.usedAt), lt(signInLinks.expiresAt, expiresAt)));
}

const SIGN_IN = /^s\.([A-Za-z0-9_-]{43})$/;

/** Uses a sign-in token ("s.<token>") for this address: true once, while unexpired; nothing for another address. */
export async function redeemSignInToken(db: Db, token: string, email: string, now: Date): Promise<boolean> {
  const match = SIGN_IN.exec(token);
  if (!match) return false;
  const owner = db.select({ id: clients.id }).from(clients).where(eq(clients.email, normalizeEmail(email)));
  const used = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, sha256(match[1]!)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now), sql`${signInLinks.clientId} = (${owner})`))
    .returning({ id: signInLinks.id });
  return used.length > 0;
}

/**
 * Uses a sign-in token ("s.<token>") alone, whose row names its client: redeemed once, while unexpired, with that
 * client; otherwise not redeemed, with the client it was e-mailed to when the token is a used or expired one of
 * ours (the caller may e-mail a fresh link), no client for anything else.
 */
export async function redeemSignInLink(db: Db, token: string, now: Date): Promise<{ client: ClientRow | undefined; redeemed: boolean }> {
  const match = SIGN_IN.exec(token);
  if (!match) return { client: undefined, redeemed: false };
  const hash = sha256(match[1]!);
  const [used] = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, hash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ clientId: signInLinks.clientId });
  const clientId = used?.clientId ?? (await db.select({ clientId: signInLinks.clientId }).from(signInLinks).where(eq(signInLinks.tokenHash, hash)))[0]?.clientId;
  const [client] = clientId === undefined ? [] : await db.select().from(clients).where(eq(clients.id, clientId));
  return { client, redeemed: used !== undefined };
}

/**
 * Gives back a sign-in token this request used at `usedAt`, when the provider then failed to make the portal: the
 * failure was the server's, and the customer's retry with the same link opens the portal. A use by anyone else (another
 * stamp) is left alone.
 */
export async function releaseSignInToken(db: Db, token: string, usedAt: Date): Promise<void> {
  const match = SIGN_IN.exec(token);
  if (!match) return;
  await db
    .update(signInLinks)
    .set({ usedAt: null })
    .where(and(eq(signInLinks.tokenHash, sha256(match[1]!)), eq(signInLinks.usedAt, usedAt)));
}

/** A page of the site in a language, in full: Spanish pages live under /es/ ("/login" is …/es/login in Spanish). */
export function siteAddress(publicUrl: string, path: string, language: Language): string {
  return `${publicUrl}${pathInLanguage(path, language)}`;
}

/** The site's home in a language (what e-mails and the portal return to). */
export function homeAddress(publicUrl: string, language: Language): string {
  return siteAddress(publicUrl, "/", language);
}

/**
 * The address of the portal sign-in page for a token (what the e-mails link to), in the customer's language.
 * It carries the token only: never the address, which would show in the e-mail's text, logs and referrers.
 */
export function portalLink(publicUrl: string, token: string, language: Language): string {
  return `${homeAddress(publicUrl, language)}?${new URLSearchParams({ token })}`;
}
