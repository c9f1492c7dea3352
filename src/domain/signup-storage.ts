// What the sign-up keeps in sessionStorage (per tab), read by the sign-up and the after-checkout pages.
import { z } from "zod";
import { clientSchema } from "#contract/client";
import { dateString, emailSchema } from "#contract/common";

/** The form mirrored on every change (product.md SU-5); removed once /payment-success has claimed its run. */
export const CLIENT_DATA_KEY = "signup:client-data";
/**
 * The step of each of the tab's history entries the wizard wrote (entry index → step): an entry's own record of its
 * step (its history state) is lost when the server moves it to the other language on Back (decision 025).
 */
export const ENTRY_STEPS_KEY = "signup:entry-steps";
/**
 * The full form saved at checkout, restored by resume=1 and read by /payment-success and /payment-canceled. Once
 * /payment-success has claimed its run, only a PaidCheckout is left under this key (decision 008).
 */
export const CHECKOUT_FORM_KEY = "signup:checkout-form";
/** Set by /payment-success once its sequence has run for a checkout (value: the checkout's e-mail + dates). */
export const PAYMENT_SUCCESS_DONE_KEY = "signup:payment-success-done";
/**
 * The request key of /payment-success's portal asks (decision 018), kept for the tab: a reload of the page asks as
 * the same request, so while a sign-in link it caused to be e-mailed is unused, no other is sent.
 */
export const PORTAL_REQUEST_KEY = "signup:portal-request";

/**
 * The record saved under CHECKOUT_FORM_KEY: the wizard's own form state (opaque here; the sign-up
 * owns its shape) and the client exactly as it was sent to checkout.
 */
export const savedCheckoutSchema = z.object({
  form: z.record(z.string(), z.unknown()),
  client: clientSchema,
  savedAt: z.string(),
});
export type SavedCheckout = z.infer<typeof savedCheckoutSchema>;

/**
 * What is left under CHECKOUT_FORM_KEY once /payment-success has claimed its run: the e-mail and the two pickup days,
 * all a reload of that page reads (its run key, its calls, the days it shows). The name, phone, address and the
 * building's codes are gone: the tab may be closed on a shared computer and reopened by the next person.
 */
export const paidCheckoutSchema = z.strictObject({
  // Strict: a whole record that no longer parses (a field's rule changed across a deploy) is not taken for this one.
  client: z.strictObject({ email: emailSchema, pickupone: dateString, pickuptwo: dateString }),
  savedAt: z.string(),
});
export type PaidCheckout = z.infer<typeof paidCheckoutSchema>;

/** Either record under CHECKOUT_FORM_KEY. */
export const storedCheckoutSchema = z.union([savedCheckoutSchema, paidCheckoutSchema]);
export type StoredCheckout = SavedCheckout | PaidCheckout;

/** Whether the record still holds the whole sign-up (not yet paid in this tab). */
export const isWholeCheckout = (record: StoredCheckout): record is SavedCheckout => "form" in record;
