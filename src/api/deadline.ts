// A call that never answers (a stalled phone connection) is given up after a while, so the machine waiting on
// it moves on: a sign-up check that fails blocks nothing (product.md SU-3), the dates show as none, and the
// ZIP check and waitlist of the home page and /service-areas say they failed and may be tried again (AREA-2).

/** How long a check (the e-mail, a ZIP, a week's days) or a waitlist request may take before it counts as failed. */
export const CHECK_DEADLINE_MS = 10_000;

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
