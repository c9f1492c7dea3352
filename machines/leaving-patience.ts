// Shared by the machines that send the browser to a hosted page (the sign-up to the payment page, the success page to
// the billing portal): leaving resolves at once, so the page holds its button busy until it is gone, or this long.
/** How long a page may stay on after leaving for a hosted page before its button works again. */
export const LEAVING_PATIENCE_MS = 10_000;
