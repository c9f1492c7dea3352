// What only the checkout pages do with the browser: the once-per-checkout claim and the ad tag (browser-only:
// call it from effects, actors or a machine's input, never at module top level or while rendering on a server).
// The saved checkout, the site's origin and leaving for a hosted page are src/browser/tab-session's.
import { CHECKOUT_FORM_KEY, CLIENT_DATA_KEY, PAYMENT_SUCCESS_DONE_KEY, type PaidCheckout } from "#domain/signup-storage";
import { readSavedCheckout, tabStorage } from "../browser/tab-session";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

const hasWindow = () => typeof window !== "undefined";

/**
 * Marks the post-payment sequence as run for `key` (PAYMENT_SUCCESS_DONE_KEY). True when this call claimed
 * it, false when this tab (or the tab it was duplicated from) already ran it. Either way the sign-up is paid
 * by now, so the tab forgets it but for what the success page reads (forgetPaidSignup).
 */
export function claimPaymentSuccessRun(key: string): boolean {
  const storage = tabStorage();
  if (!storage) throw new Error("sessionStorage is unavailable");
  forgetPaidSignup(storage);
  if (storage.getItem(PAYMENT_SUCCESS_DONE_KEY) === key) return false;
  storage.setItem(PAYMENT_SUCCESS_DONE_KEY, key);
  return true;
}

/**
 * Drops the mirrored form and leaves under CHECKOUT_FORM_KEY only the e-mail and the two pickup days: all that a
 * reload of /payment-success reads (the page has read the record before it claims; its calls run from what it read).
 * Name, phone, address and the building's gate, call-box and access codes would otherwise stay in the tab, which a
 * closed tab's reopening restores on a shared computer (decision 008). A cancelled payment never comes here: its
 * page and resume=1 still find the whole form.
 */
function forgetPaidSignup(storage: Storage): void {
  const saved = readSavedCheckout();
  const kept: PaidCheckout | null = saved && {
    client: { email: saved.client.email, pickupone: saved.client.pickupone, pickuptwo: saved.client.pickuptwo },
    savedAt: saved.savedAt,
  };
  storage.removeItem(CLIENT_DATA_KEY);
  // Removed before the smaller record is written: if that write fails, nothing personal is left either.
  storage.removeItem(CHECKOUT_FORM_KEY);
  if (kept) {
    try {
      storage.setItem(CHECKOUT_FORM_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or blocked: a reload then finds no checkout, shows the message and a link home, calls nothing.
    }
  }
}

export const trackerPresent = (): boolean => hasWindow() && typeof window.gtag === "function";

export function sendConversion(event: { value: number; currency: string; transactionId?: string }): void {
  if (!hasWindow() || typeof window.gtag !== "function") return;
  const transaction = event.transactionId ? { transaction_id: event.transactionId } : {};
  window.gtag("event", "conversion", { value: event.value, currency: event.currency, ...transaction });
}
