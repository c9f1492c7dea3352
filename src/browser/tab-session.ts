// The browser tab's saved checkout and its way out to hosted pages, shared by the sign-up and the checkout
// pages (browser-only: call it from effects, actors or a machine's input, never at module top level or while
// rendering on a server).
import { CHECKOUT_FORM_KEY, storedCheckoutSchema, type StoredCheckout } from "#domain/signup-storage";

const hasWindow = () => typeof window !== "undefined";

/** The tab's sessionStorage, or null where there is none or it is blocked (privacy settings). */
export function tabStorage(): Storage | null {
  try {
    return hasWindow() ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/**
 * The form and client the sign-up saved at checkout in this tab (after /payment-success has claimed its run, only
 * the client's e-mail and pickup days), or null when there is none or it is unreadable.
 */
export function readSavedCheckout(): StoredCheckout | null {
  try {
    const raw = tabStorage()?.getItem(CHECKOUT_FORM_KEY);
    if (!raw) return null;
    const parsed = storedCheckoutSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const siteOrigin = (): string => (hasWindow() ? window.location.origin : "");

/** Leaves the site for a hosted page (a full navigation: the payment provider is another document). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
