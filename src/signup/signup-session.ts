// The only module of the sign-up that touches sessionStorage and window.location (browser-only: call it
// from effects and actors, never during render or at module top level).
import { CHECKOUT_FORM_KEY, CLIENT_DATA_KEY, savedCheckoutSchema, type SavedCheckout } from "../contract/signup-storage";
import { mirroredSignupSchema, restoreSignupForm, type SignupForm } from "../contract/signup-form";
import type { Client } from "../contract/client";

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

/** The full form saved at checkout (resume=1), or null. */
export function readSavedCheckout(): { form: SignupForm; record: SavedCheckout } | null {
  const parsed = savedCheckoutSchema.safeParse(read(CHECKOUT_FORM_KEY));
  return parsed.success ? { form: restoreSignupForm(parsed.data.form), record: parsed.data } : null;
}

/** Saves the full form and the client exactly as sent, for /payment-success, /payment-canceled and resume=1. */
export function saveCheckout(form: SignupForm, client: Client): void {
  const record: SavedCheckout = { form: form as unknown as Record<string, unknown>, client, savedAt: new Date().toISOString() };
  window.sessionStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify(record));
}

/** Leaves for the checkout page; the machine has already checked the origin. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

export function browserToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const siteOrigin = () => window.location.origin;
