// What only the checkout pages do with the browser: the once-per-checkout claim and the ad tag (browser-only:
// call it from effects, actors or a machine's input, never at module top level or while rendering on a server).
// The saved checkout, the site's origin and leaving for a hosted page are src/browser/tab-session's.
import { PAYMENT_SUCCESS_DONE_KEY } from "#domain/signup-storage";
import { tabStorage } from "../browser/tab-session";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

const hasWindow = () => typeof window !== "undefined";

/**
 * Marks the post-payment sequence as run for `key` (PAYMENT_SUCCESS_DONE_KEY). True when this call claimed
 * it, false when this tab (or the tab it was duplicated from) already ran it.
 */
export function claimPaymentSuccessRun(key: string): boolean {
  const storage = tabStorage();
  if (!storage) throw new Error("sessionStorage is unavailable");
  if (storage.getItem(PAYMENT_SUCCESS_DONE_KEY) === key) return false;
  storage.setItem(PAYMENT_SUCCESS_DONE_KEY, key);
  return true;
}

export const trackerPresent = (): boolean => hasWindow() && typeof window.gtag === "function";

export function sendConversion(event: { value: number; currency: string; transactionId: string }): void {
  if (!hasWindow() || typeof window.gtag !== "function") return;
  window.gtag("event", "conversion", { value: event.value, currency: event.currency, transaction_id: event.transactionId });
}
