// The only module of the sign-up that touches sessionStorage and window.location (browser-only: call it
// from effects and actors, never during render or at module top level).
import { CHECKOUT_FORM_KEY, CLIENT_DATA_KEY, PAYMENT_SUCCESS_DONE_KEY, type SavedCheckout } from "#domain/signup-storage";
import { readSavedCheckout } from "../browser/tab-session";
import { mirroredSignupSchema, restoreSignupForm, type SignupForm } from "#domain/signup-form";
import type { Client } from "#contract/client";

function read(key: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** The form mirrored on every change, and the step it was on; null when this tab has none. */
export function readMirroredForm(): { form: SignupForm; step: number } | null {
  const parsed = mirroredSignupSchema.safeParse(read(CLIENT_DATA_KEY));
  if (!parsed.success || !parsed.data.form) return null;
  return { form: restoreSignupForm(parsed.data.form), step: parsed.data.step };
}

export function writeMirroredForm(form: SignupForm, step: number): void {
  try {
    window.sessionStorage.setItem(CLIENT_DATA_KEY, JSON.stringify({ form, step }));
  } catch {
    // Storage blocked or full: the wizard still works, it just will not survive a reload.
  }
}

/** The full form saved at checkout (resume=1), as the wizard's form, or null. */
export function readSavedSignup(): { form: SignupForm; record: SavedCheckout } | null {
  const record = readSavedCheckout();
  return record ? { form: restoreSignupForm(record.form), record } : null;
}

/**
 * Whether this tab already paid for the sign-up of `email`: /payment-success ran for the checkout saved here
 * (its run key names the e-mail). Such a form is done; /signup then starts a fresh sign-up.
 */
export function paidInThisTab(email: string): boolean {
  const saved = readSavedSignup();
  if (!saved) return false;
  let done: string | null;
  try {
    done = window.sessionStorage.getItem(PAYMENT_SUCCESS_DONE_KEY);
  } catch {
    return false;
  }
  const paidEmail = saved.record.client.email.trim().toLowerCase();
  return !!done && done.includes(paidEmail) && email.trim().toLowerCase() === paidEmail;
}

/** Forgets the tab's mirrored form (a paid sign-up is not reopened). */
export function clearMirroredForm(): void {
  try {
    window.sessionStorage.removeItem(CLIENT_DATA_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

/** Saves the full form and the client exactly as sent, for /payment-success, /payment-canceled and resume=1. */
export function saveCheckout(form: SignupForm, client: Client): void {
  const record: SavedCheckout = { form: form as unknown as Record<string, unknown>, client, savedAt: new Date().toISOString() };
  window.sessionStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify(record));
}

export function browserToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
