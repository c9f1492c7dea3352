// What the sign-up keeps in sessionStorage (per tab), read by the sign-up and the after-checkout pages.
import { z } from "zod";
import { clientSchema } from "#contract/client";

/** The form mirrored on every change (product.md SU-5). */
export const CLIENT_DATA_KEY = "signup:client-data";
/**
 * The step of each of the tab's history entries the wizard wrote (entry index → step): an entry's own record of its
 * step (its history state) is lost when the server moves it to the other language on Back (decision 025).
 */
export const ENTRY_STEPS_KEY = "signup:entry-steps";
/** The full form saved at checkout, restored by resume=1 and read by /payment-success and /payment-canceled. */
export const CHECKOUT_FORM_KEY = "signup:checkout-form";
/** Set by /payment-success once its sequence has run for a checkout (value: the checkout's e-mail + dates). */
export const PAYMENT_SUCCESS_DONE_KEY = "signup:payment-success-done";

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
