// The only module of the checkout pages that touches window and sessionStorage (browser-only: call it from
// effects, actors or a machine's input, never at module top level or while rendering on a server).
import { CHECKOUT_FORM_KEY, PAYMENT_SUCCESS_DONE_KEY, savedCheckoutSchema, type SavedCheckout } from "../contract/signup-storage";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

const hasWindow = () => typeof window !== "undefined";

function session(): Storage | null {
  try {
    return hasWindow() ? window.sessionStorage : null;
  } catch {
    // Storage can be blocked (privacy settings): the pages then behave as a tab without a saved form.
    return null;
  }
}

/** The form the sign-up saved at checkout in this tab, or null when there is none or it is unreadable. */
export function readSavedCheckout(): SavedCheckout | null {
  const raw = session()?.getItem(CHECKOUT_FORM_KEY);
  if (!raw) return null;
  try {
    const parsed = savedCheckoutSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Marks the post-payment sequence as run for `key` (PAYMENT_SUCCESS_DONE_KEY). True when this call claimed
 * it, false when this tab (or the tab it was duplicated from) already ran it.
 */
export function claimPaymentSuccessRun(key: string): boolean {
  const storage = session();
  if (!storage) throw new Error("sessionStorage is unavailable");
  if (storage.getItem(PAYMENT_SUCCESS_DONE_KEY) === key) return false;
  storage.setItem(PAYMENT_SUCCESS_DONE_KEY, key);
  return true;
}

export const siteOrigin = (): string => (hasWindow() ? window.location.origin : "");

export const trackerPresent = (): boolean => hasWindow() && typeof window.gtag === "function";

export function sendConversion(event: { value: number; currency: string; transactionId: string }): void {
  if (!hasWindow() || typeof window.gtag !== "function") return;
  window.gtag("event", "conversion", { value: event.value, currency: event.currency, transaction_id: event.transactionId });
}

/** Leaves the site for a hosted page (a full navigation: the payment provider is another document). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
