// The sign-up checkout: re-validates everything, holds the two days atomically, opens the provider's session.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ApiError } from "../errors";
import { safeError } from "../safe-log";
import { checkouts, clients } from "../db/schema";
import { lookupServiceArea } from "#domain/service-areas";
import { CHECKOUT_HOLD_MINUTES, renewalDate } from "#domain/plan";
import type { Client } from "#contract/client";
import type { CheckoutSession, PaymentProvider } from "../payments/provider";
import type { Database } from "../db/index";
import { dayProblem, fullDays, lockDays, type PickupRules } from "./availability";
import { daysBetween, todayInServiceZone } from "./dates";
import { clientActive, clientValues, pendingClientWrite, refuseSuspended } from "./clients";
import { openSessionsOf, settleBeforeRelease } from "./reconcile";
import { checkoutRef, enforceOpenCheckoutCap, type CheckoutOwner } from "../auth/ownership";
import type { OperatorContact } from "./operator-notices";

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  rules: PickupRules;
  /** The site's own origin (PUBLIC_URL): success and cancel URLs must be on it. */
  origin: string;
  now: Date;
  log?: { warn: (obj: object, msg: string) => void };
  /** Told of a replaced checkout that turns out paid after its subscription ended. */
  operator: OperatorContact;
}

export interface CheckoutInput {
  client: Client;
  successUrl: string;
  cancelUrl: string;
  /** The browser that opens it (its cookie's hash) and its client address (the per-address cap). */
  owner?: CheckoutOwner;
}

/** success_url with the session id appended, the placeholder left literal (Stripe requires the braces as they are). */
export function successUrlWithSession(successUrl: string, placeholder: string): string {
  const url = new URL(successUrl);
  url.searchParams.delete("session_id");
  url.hash = "";
  const base = url.toString();
  return `${base}${url.search ? "&" : "?"}session_id=${placeholder}`;
}

/**
 * cancel_url naming the checkout it cancels (`checkout=`, ownership.ts's checkoutRef), so that its rollback
 * never touches a newer checkout of the same e-mail. Any `checkout=` the caller sent is replaced.
 */
export function cancelUrlWithCheckout(cancelUrl: string, ref: string | undefined): string {
  const url = new URL(cancelUrl);
  url.searchParams.delete("checkout");
  if (ref) url.searchParams.set("checkout", ref);
  return url.href;
}

function onOrigin(link: string, origin: string): boolean {
  try {
    const url = new URL(link);
    return url.origin === origin && (url.protocol === "https:" || url.protocol === "http:");
  } catch {
    return false;
  }
}

function checkDays(client: Client, rules: PickupRules, now: Date) {
  const today = todayInServiceZone(now);
  const fields: Record<string, string> = {};
  for (const [field, date] of [["client.pickupone", client.pickupone], ["client.pickuptwo", client.pickuptwo]] as const) {
    const problem = dayProblem(date, today, rules);
    if (problem) fields[field] = problem === "past" ? "dayPast" : problem === "closed" ? "dayClosed" : "dayTooFar";
  }
  // Two picks are two different weekdays of one week.
  if (!fields["client.pickuptwo"] && daysBetween(client.pickupone, client.pickuptwo) >= 7) fields["client.pickuptwo"] = "dayNotSameWeek";
  if (Object.keys(fields).length > 0) throw new ApiError(409, "day_unavailable", "A chosen pickup day is not available. Please choose again.", fields);
}

export async function createSignupCheckout(deps: CheckoutDeps, input: CheckoutInput): Promise<{ checkoutUrl: string }> {
  const { db, provider, rules, origin, now } = deps;
  const { client } = input;
  const badUrls: Record<string, string> = {};
  if (!onOrigin(input.successUrl, origin)) badUrls.success_url = "urlNotAllowed";
  if (!onOrigin(input.cancelUrl, origin)) badUrls.cancel_url = "urlNotAllowed";
  if (Object.keys(badUrls).length > 0) throw new ApiError(400, "validation_failed", "Return addresses must be on this site.", badUrls);

  if (!lookupServiceArea(client.address.zip).available) {
    throw new ApiError(409, "area_unavailable", "We don't currently service this area.", { "client.address.zip": "areaUnavailable" });
  }
  checkDays(client, rules, now);

  // The checkouts this one replaces are closed at the provider and asked about first: one paid meanwhile is
  // fulfilled, and this e-mail is then an active client (no second charge).
  const settled = await settleBeforeRelease(db, provider, await openSessionsOf(db, client.email), deps.operator, deps.log);
  if (settled.paid) throw clientActive();

  const days = [client.pickupone, client.pickuptwo];
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const { checkoutId, clientId, replaced } = await db.transaction(async (tx) => {
    // Day locks first, client row second, in every transaction that takes both: no deadlock.
    await lockDays(tx, days);
    const values = clientValues(client, now);
    const [row] = await tx
      .insert(clients)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: clients.email, set: await pendingClientWrite(tx, values), setWhere: eq(clients.isActive, false) })
      .returning({ id: clients.id });
    if (!row) throw clientActive();
    // Suspended until its subscription is paid (decision 023): a second subscription could end up paid twice.
    await refuseSuspended(tx, row.id);
    // The replaced sign-up's sessions stop holding days before this one counts.
    const previous = await tx
      .update(checkouts)
      .set({ status: "expired" })
      .where(and(eq(checkouts.clientId, row.id), eq(checkouts.status, "open")))
      .returning({ sessionId: checkouts.providerSessionId });
    if (previous.some((p) => p.sessionId && !settled.closed.includes(p.sessionId))) {
      // A checkout opened for this e-mail while we asked: never replaced unasked.
      throw new ApiError(409, "conflict", "Another checkout for this e-mail was just opened. Please try again.");
    }
    const full = await fullDays(tx, days, rules, now);
    if (full.length > 0) {
      const fields = Object.fromEntries(full.map((d) => [d === client.pickupone ? "client.pickupone" : "client.pickuptwo", "dayFull"]));
      throw new ApiError(409, "day_full", "A chosen pickup day has just filled up. Please choose another day.", fields);
    }
    if (input.owner) await enforceOpenCheckoutCap(tx, input.owner, now);
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        clientId: row.id,
        provider: provider.name,
        status: "open",
        pickupOne: client.pickupone,
        pickupTwo: client.pickuptwo,
        language: client.language,
        expiresAt,
        createdAt: now,
        submittedClient: client,
        ownerHash: input.owner?.ownerHash ?? null,
        addressKey: input.owner?.addressKey ?? null,
      })
      .returning({ id: checkouts.id });
    return { checkoutId: checkout!.id, clientId: row.id, replaced: previous.map((p) => p.sessionId).filter((id): id is string => !!id) };
  });

  await expireSessions(provider, replaced, deps.log);

  let session: CheckoutSession;
  try {
    session = await provider.createCheckoutSession({
      clientId,
      email: clientValues(client, now).email,
      customerName: `${client.name} ${client.surname}`,
      language: client.language,
      renewalDate: renewalDate(client.pickupone),
      successUrl: successUrlWithSession(input.successUrl, provider.sessionIdPlaceholder),
      // As a browser reads it (the origin check parsed it so): a provider with another URL parser reads the same.
      cancelUrl: cancelUrlWithCheckout(input.cancelUrl, input.owner && checkoutRef(input.owner.ownerHash)),
      expiresAt,
      // Unique beyond this database: row ids repeat in a reset or restored database, or another environment,
      // on the same provider account, whose key store would refuse (or answer for) the other call.
      idempotencyKey: `signup-checkout-${checkoutId}-${randomUUID()}`,
    });
  } catch (error) {
    // Release the hold: a checkout that never opened holds nothing.
    await db.update(checkouts).set({ status: "failed" }).where(eq(checkouts.id, checkoutId));
    deps.log?.warn({ err: safeError(error) }, "payment provider refused the checkout session");
    throw new ApiError(502, "payment_provider_error", "The payment provider could not be reached. Please try again.");
  }
  const [recorded] = await db
    .update(checkouts)
    .set({ providerSessionId: session.id, url: session.url })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open")))
    .returning({ id: checkouts.id });
  if (!recorded) {
    // Replaced while the provider answered (a second checkout for this e-mail, from another tab or a double
    // submit) or its sign-up cancelled: the session is kept on the row for the reconciler, closed at the
    // provider, and its address never handed out, so that only the latest checkout can take money.
    await db.update(checkouts).set({ providerSessionId: session.id }).where(eq(checkouts.id, checkoutId));
    await expireSessions(provider, [session.id], deps.log);
    throw new ApiError(409, "conflict", "Another checkout for this e-mail was just opened. Please try again.");
  }
  return { checkoutUrl: session.url };
}

/** Best effort: a session we no longer honour is also closed at the provider (it would expire anyway). */
export async function expireSessions(provider: PaymentProvider, sessionIds: string[], log?: CheckoutDeps["log"]) {
  for (const id of sessionIds) {
    try {
      await provider.expireCheckoutSession(id);
    } catch (error) {
      log?.warn({ err: safeError(error), sessionId: id }, "could not expire a replaced checkout session");
    }
  }
}
