// A call that never answers (a stalled phone connection) is given up after a while, so the machine waiting on
// it moves on: a sign-up check that fails blocks nothing (product.md SU-3), the dates show as none, the ZIP
// check and waitlist of the home page and /service-areas say they failed and may be tried again (AREA-2), and
// every form that sends something says it did not go, keeping what was typed. Every call has one (the API
// client requires it): one deadline per kind of call, here, so the numbers are chosen in one place.

/**
 * How long a check (the e-mail, a ZIP, a week's days) or a waitlist request may take before it counts as failed:
 * a read, or an idempotent row, that the server answers from its database alone.
 */
export const CHECK_DEADLINE_MS = 10_000;

/**
 * A form's message (the contact form, the newsletter): one row and a queued e-mail in one database transaction,
 * nothing outside the server. Longer than a check: the contact form is not idempotent, and giving up on a send
 * the server is merely slow to answer invites a second copy of the message.
 */
export const SEND_DEADLINE_MS = 15_000;

/**
 * A call the server may answer only after asking the payment provider: the checkout's creation, a billing-portal
 * link (also the sign-in link the login page asks for, which may open a portal), the post-payment calls (a payment
 * not recorded yet is asked about) and the cancellation's rollback (which closes the checkout there). The provider
 * usually answers within a second or two but is a third party, so these get the longest wait; each is safe to
 * repeat (the server replaces an open checkout of the same e-mail, and the others are idempotent).
 */
export const PAYMENT_DEADLINE_MS = 30_000;

/** Runs `work` with a signal aborted when `signal` is, or when `ms` have passed, whichever comes first. */
export async function withDeadline<T>(signal: AbortSignal | undefined, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  else signal?.addEventListener("abort", abort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException("The call took too long.", "TimeoutError")), ms);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
}
