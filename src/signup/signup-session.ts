// The only module of the sign-up that touches sessionStorage and window.location (browser-only: call it
// from effects and actors, never during render or at module top level).
import { CHECKOUT_FORM_KEY, CLIENT_DATA_KEY, ENTRY_STEPS_KEY, PAYMENT_SUCCESS_DONE_KEY, isWholeCheckout, type SavedCheckout } from "#domain/signup-storage";
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

/** The index of the tab's current history entry (the Navigation API), or null in a browser without it. */
function entryIndex(): number | null {
  const index = (window as { navigation?: { currentEntry?: { index?: unknown } | null } }).navigation?.currentEntry?.index;
  return typeof index === "number" && index >= 0 ? index : null;
}

function readEntrySteps(): Record<string, number> {
  const steps = read(ENTRY_STEPS_KEY);
  return steps && typeof steps === "object" ? (steps as Record<string, number>) : {};
}

/** Notes the step of the current history entry; a pushed entry drops the entries after it, as the browser does. */
export function recordEntryStep(step: number, pushed: boolean): void {
  const index = entryIndex();
  if (index === null) return;
  const steps = readEntrySteps();
  if (pushed) for (const key of Object.keys(steps)) if (Number(key) > index) delete steps[key];
  steps[index] = step;
  try {
    window.sessionStorage.setItem(ENTRY_STEPS_KEY, JSON.stringify(steps));
  } catch {
    // Storage blocked: Back after a language switch then reopens the mirrored step, as before.
  }
}

/**
 * The step of the history entry the page opened on, read as the page starts: the entry's own (a reload, Back or
 * Forward), or, for Back or Forward to an entry whose state the server's language move dropped, the step noted for
 * its index. Null for a new entry (a link, an address typed, the language button's own load).
 */
export function openedEntryStep(): number | null {
  const own = (window.history.state as { usr?: { signupStep?: unknown } } | null)?.usr?.signupStep;
  if (typeof own === "number") return own;
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const index = entryIndex();
  if (navigation?.type !== "back_forward" || index === null) return null;
  const noted = readEntrySteps()[index];
  return typeof noted === "number" ? noted : null;
}

/** The full form saved at checkout (resume=1), as the wizard's form, or null (also once it is paid: only its e-mail and days are left). */
export function readSavedSignup(): { form: SignupForm; record: SavedCheckout } | null {
  const record = readSavedCheckout();
  return record && isWholeCheckout(record) ? { form: restoreSignupForm(record.form), record } : null;
}

/**
 * Whether this tab already paid for the sign-up of `email`: /payment-success ran for the checkout saved here
 * (its run key names the e-mail). Such a form is done; /signup then starts a fresh sign-up.
 */
export function paidInThisTab(email: string): boolean {
  // The whole record or, once /payment-success has claimed its run, what it left: the e-mail and the days.
  const saved = readSavedCheckout();
  if (!saved) return false;
  let done: string | null;
  try {
    done = window.sessionStorage.getItem(PAYMENT_SUCCESS_DONE_KEY);
  } catch {
    return false;
  }
  const paidEmail = saved.client.email.trim().toLowerCase();
  return !!done && done.includes(paidEmail) && email.trim().toLowerCase() === paidEmail;
}

/** Forgets the tab's mirrored form (a paid sign-up is not reopened; /payment-success also drops it when it claims its run). */
export function clearMirroredForm(): void {
  try {
    window.sessionStorage.removeItem(CLIENT_DATA_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

/**
 * Saves the full form and the client exactly as sent, for /payment-success, /payment-canceled and resume=1. It stays
 * whole until /payment-success claims its run, which keeps only the e-mail and the two pickup days (decision 008).
 */
export function saveCheckout(form: SignupForm, client: Client): void {
  const record: SavedCheckout = { form: form as unknown as Record<string, unknown>, client, savedAt: new Date().toISOString() };
  window.sessionStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify(record));
}

export function browserToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
