// The billing-portal link's token kept in the tab while its request is on its way (product.md PAY-8). The page takes the
// token out of the address bar at once; without this, a reload mid-request (a phone on a slow network, pulled to
// refresh) or the language switch (a new load) found no token and showed the plain home page. Browser-only: call it
// from actors or a machine's input.
//
// How far it reaches, and why (a shared computer, a stranger at the same tab):
// - Kept from the request's start until it answers (the portal's link in hand, a refused token, a failure shown) or
//   is given up (the page left within the site): a spent or failed token is never in the tab.
// - Only the page's own history entry carries on with it: in the token's place its address keeps an empty `?token=`
//   until the request answers. A later plain visit to home in the tab has no such mark and never redirects.
// - Only on a reload of that entry or a new load of its address (the language switch), and only for a short while:
//   Back or Forward to it (the customer went elsewhere and someone else comes back) and a tab reopened later find
//   nothing to carry on with, and the tab forgets the token there.
// A second request with the same token is what Try again already sends: a welcome token opens the portal again, and a
// sign-in link the first request already redeemed (its answer lost to the reload) gets "we've e-mailed you a new link".
import { PAYMENT_DEADLINE_MS } from "../api/deadline";
import { isRequestKey, newRequestKey } from "#domain/request-key";
import { tabStorage } from "../browser/tab-session";

export const PORTAL_TOKEN_KEY = "portal:token";

/**
 * How long after its request started a kept token may be carried on with: the request gives up at its deadline, and a
 * page reloaded on a slow phone network may take most of a minute more to run its script. Later it is no reload
 * mid-request.
 */
export const PORTAL_TOKEN_RESUME_MS = PAYMENT_DEADLINE_MS + 60_000;

/** A load of the document that may carry on: a reload, or a new load of the address (the language switch). */
const resumingLoads: ReadonlySet<string> = new Set(["reload", "navigate"]);

interface Kept {
  token: string;
  /** When its request started (Date.now()). */
  at: number;
  /** Which request kept it: only that one's end forgets it (a page's next request may have kept it anew). */
  request: string;
}

function readKept(): Kept | null {
  try {
    const kept = JSON.parse(tabStorage()?.getItem(PORTAL_TOKEN_KEY) ?? "null") as Partial<Kept> | null;
    if (typeof kept?.token === "string" && kept.token.trim() && typeof kept.at === "number" && isRequestKey(kept.request)) return kept as Kept;
  } catch {
    // Unreadable: none.
  }
  return null;
}

function dropKept(): void {
  try {
    tabStorage()?.removeItem(PORTAL_TOKEN_KEY);
  } catch {
    // Storage refused altogether: nothing was kept either.
  }
}

/** Sets the address bar's ?token= to `value`, or removes it (null), in place of the current history entry. */
function markAddress(value: string | null): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get("token") === value) return;
  if (value === null) {
    if (!url.searchParams.has("token")) return;
    url.searchParams.delete("token");
  } else url.searchParams.set("token", value);
  window.history.replaceState(window.history.state, "", url);
}

function navigationType(): string | undefined {
  try {
    return (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `token` in the tab for the request about to start, and puts the page's mark (an empty ?token=) in the address
 * in the token's place. Answers the request's own key for forgetPortalToken.
 */
export function keepPortalToken(token: string, now = Date.now()): string {
  const request = newRequestKey();
  markAddress("");
  try {
    tabStorage()?.setItem(PORTAL_TOKEN_KEY, JSON.stringify({ token, at: now, request } satisfies Kept));
  } catch {
    // A full or refused storage: the request goes on, only a reload mid-request shows home.
    dropKept();
  }
  return request;
}

/**
 * Once the request that kept it (`request`) has answered or was given up: the tab forgets the token and the address
 * its mark. Nothing if another request kept it since.
 */
export function forgetPortalToken(request: string): void {
  const kept = readKept();
  if (kept && kept.request !== request) return;
  dropKept();
  markAddress(null);
}

/**
 * The token a load of the marked page carries on with: the tab's, on a reload or a new load of the address within
 * PORTAL_TOKEN_RESUME_MS of its request's start; otherwise "" and the tab forgets it.
 */
export function resumablePortalToken(now = Date.now(), load = navigationType()): string {
  const kept = readKept();
  const age = kept ? now - kept.at : -1;
  if (kept && load !== undefined && resumingLoads.has(load) && age >= 0 && age <= PORTAL_TOKEN_RESUME_MS) return kept.token;
  dropKept();
  return "";
}
