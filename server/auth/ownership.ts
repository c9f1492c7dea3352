// Who owns a sign-up (product.md SEC-3): the browser that opened its checkout. The checkout sets an httpOnly, SameSite=Lax cookie
// holding a random value; the checkout row keeps only its SHA-256. A request proves ownership of a client's
// sign-up (or of its paid checkout) by carrying that cookie, from the site itself: it must also carry the site
// client's header (SITE_CLIENT_HEADER, which src/api/client.ts sends on every call) and, when the browser sends
// Fetch Metadata, be same-origin and no navigation. A link, a redirect or a form on another site cannot add a
// header, and another site's fetch with one needs a CORS preflight the server never grants; the header is what
// stops a top-level navigation (a GET that carries a SameSite=Lax cookie) from a browser without Fetch Metadata
// (docs/decisions/016-owner-calls-need-the-site-header.md). The e-mailed links prove with their token instead.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { checkouts, clients, type CheckoutRow, type ClientRow } from "../db/schema";
import type { Db } from "../services/db";
import { SITE_CLIENT_HEADER } from "#contract/calls";
import { normalizeEmail } from "#contract/common";
import { CHECKOUT_HOLD_MINUTES } from "#domain/plan";
import { ApiError } from "../errors";
import { hmac, randomToken, sha256 } from "./crypto";

export const CHECKOUT_COOKIE = "ff_checkout";
/** How long the paying browser keeps its proof: the sign-up, the success page and its portal button. */
export const CHECKOUT_COOKIE_SECONDS = 24 * 60 * 60;

/** A new owner token for a checkout: the cookie's value and the hash the row keeps. */
export function newOwnerToken() {
  const token = randomToken();
  return { token, hash: sha256(token) };
}

export function setCheckoutCookie(reply: FastifyReply, token: string, secure: boolean) {
  const parts = [`${CHECKOUT_COOKIE}=${token}`, "Path=/api", `Max-Age=${CHECKOUT_COOKIE_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  void reply.header("set-cookie", parts.join("; "));
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const i = pair.indexOf("=");
    if (i > 0 && pair.slice(0, i).trim() === name) return pair.slice(i + 1).trim();
  }
  return undefined;
}

/**
 * The hash of the request's checkout cookie, or null. A cookie on a request another site caused (a link or a
 * form elsewhere: Fetch Metadata says cross-site, same-site or a navigation) proves nothing, so a GET such as
 * delete_by_email cannot be triggered from another page with the owner's cookie. Nor does one without the site
 * client's header: a browser that sends no Fetch Metadata (Safari before 16.4, some webviews) still sends the
 * cookie on a link followed from another site, and only the header tells that navigation from the site's call.
 */
export function cookieProof(request: FastifyRequest): string | null {
  const site = request.headers["sec-fetch-site"];
  const mode = request.headers["sec-fetch-mode"];
  if (site !== undefined && site !== "same-origin") return null;
  if (mode === "navigate") return null;
  if (request.headers[SITE_CLIENT_HEADER] !== "1") return null;
  const token = readCookie(request, CHECKOUT_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return sha256(token);
}

/**
 * The checkout the request's cookie names, when it is a checkout of this e-mail's client opened within the cookie's
 * lifetime: the browser drops the cookie after CHECKOUT_COOKIE_SECONDS, and a copy of its value kept longer proves
 * nothing.
 */
export async function ownedCheckout(db: Db, request: FastifyRequest, email: string, now: Date): Promise<{ checkout: CheckoutRow; client: ClientRow } | null> {
  const hash = cookieProof(request);
  if (!hash) return null;
  const [row] = await db
    .select({ checkout: checkouts, client: clients })
    .from(checkouts)
    .innerJoin(clients, eq(clients.id, checkouts.clientId))
    .where(
      and(
        eq(checkouts.ownerHash, hash),
        eq(clients.email, normalizeEmail(email)),
        gt(checkouts.createdAt, new Date(now.getTime() - CHECKOUT_COOKIE_SECONDS * 1000)),
      ),
    );
  return row ?? null;
}

/**
 * Whether the checkout paid for the plan its client holds now. The client's row outlives its plans (a new sign-up of
 * the address reuses it, perhaps by someone else): a paid checkout of an earlier plan proves nothing about this one.
 */
export const paidForCurrentPlan = ({ checkout, client }: { checkout: CheckoutRow; client: ClientRow }) =>
  checkout.status === "paid" && checkout.subscriptionId !== null && checkout.subscriptionId === client.providerSubscriptionId;

/**
 * The sign-up in progress the request's browser owns for this e-mail: its cookie names the client's latest
 * checkout (a checkout opened later, in another tab or on another device, takes the sign-up over); else null.
 */
export async function ownedSignup(db: Db, request: FastifyRequest, email: string, now: Date): Promise<{ checkout: CheckoutRow; client: ClientRow } | null> {
  const owned = await ownedCheckout(db, request, email, now);
  if (!owned) return null;
  const [latest] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(eq(checkouts.clientId, owned.client.id))
    .orderBy(desc(checkouts.id))
    .limit(1);
  return latest?.id === owned.checkout.id ? owned : null;
}

export async function ownsSignup(db: Db, request: FastifyRequest, email: string, now: Date): Promise<boolean> {
  return (await ownedSignup(db, request, email, now)) !== null;
}

/**
 * The reference of a checkout that its cancel address carries (`?checkout=`), so that the rollback cancels that
 * checkout and no other: a stale tab's or an old link's cancel must not roll back the newer checkout of the same
 * e-mail that replaced it. Derived from the checkout's owner hash (nothing more to store). It proves nothing: the
 * rollback still needs the owner's cookie on the site's call, and the reference only narrows what that call does.
 */
export const checkoutRef = (ownerHash: string) => sha256(`cancel|${ownerHash}`).slice(0, 32);

/** The key the per-address cap counts under: a keyed hash, so the table holds no client address. */
export const addressKey = (secret: string, ip: string) => hmac(secret, `address|${ip}`).slice(0, 32);

export interface CheckoutOwner {
  /** SHA-256 of the checkout cookie's value. */
  ownerHash: string;
  addressKey: string;
  /** Open checkouts one address may hold at once (CHECKOUT_OPEN_PER_ADDRESS). */
  maxOpenPerAddress: number;
}

/**
 * Inside the checkout's transaction, before its row is inserted: refuses a new hold when this client address
 * already holds the maximum of open checkouts (a replaced sign-up's own checkout no longer counts). The
 * advisory lock makes two concurrent checkouts of one address count one after the other.
 */
export async function enforceOpenCheckoutCap(tx: Db, owner: CheckoutOwner, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout-address:${owner.addressKey}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(checkouts)
    .where(and(eq(checkouts.addressKey, owner.addressKey), eq(checkouts.status, "open"), gt(checkouts.expiresAt, now)));
  if (Number(row?.n ?? 0) >= owner.maxOpenPerAddress) {
    throw new ApiError(
      429,
      "too_many_checkouts",
      `Too many sign-ups from this connection are waiting for payment. Please finish one, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`,
    );
  }
}
