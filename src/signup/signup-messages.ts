// The sign-up's message keys (from the form's schemas in src/domain, the contract's and the machine) and error codes, as texts.
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import type { ErrorCode } from "#contract/common";
import { CHECKOUT_HOLD_MINUTES } from "#domain/plan";

/** Validation message keys → the spec's messages (section 5). */
export const validationMessages: Record<string, MessageDescriptor> = {
  firstNameMin: msg`First name must be at least 2 characters`,
  lastNameMin: msg`Last name must be at least 2 characters`,
  emailInvalid: msg`Valid email is required`,
  emailRequired: msg`Valid email is required`,
  emailTaken: msg`Email already exists`,
  phoneRequired: msg`Phone number is required`,
  phoneInvalid: msg`Enter a 10-digit phone number`,
  streetRequired: msg`Street address is required`,
  streetIncomplete: msg`Enter the house number and the street name, e.g. 1200 Brickell Ave`,
  zipRequired: msg`ZIP code is required`,
  zipInvalid: msg`Enter a 5-digit ZIP code`,
  cityRequired: msg`City is required`,
  stateRequired: msg`State is required`,
  consentRequired: msg`Please agree to receive communications about your service`,
  termsRequired: msg`Please accept the terms of service and the privacy policy`,
  serviceUnavailable: msg`Service not available in your area`,
  detergentRequired: msg`Please choose a detergent`,
  softenerRequired: msg`Please choose whether you want fabric softener`,
  pickupDatesRequired: msg`Please select exactly two weekly pickup dates`,
  pickupDatesOrder: msg`Please select exactly two weekly pickup dates`,
  startDateMismatch: msg`Please select exactly two weekly pickup dates`,
  dateInvalid: msg`Please choose your pickup dates again`,
  buildingTypeRequired: msg`Please choose a building type`,
  unitRequired: msg`Unit number is required`,
  businessNameRequired: msg`Business name is required`,
  tooLong: msg`This is too long`,
};

export function validationText(i18n: I18n, key: string): string {
  const known = validationMessages[key];
  return known ? i18n._(known) : key;
}

/** Checkout error codes the user can act on (product.md PAY-2: a known reason in words). */
const checkoutMessages: Partial<Record<ErrorCode, MessageDescriptor>> = {
  day_full: msg`One of your pickup days just filled up. Please choose another day.`,
  day_unavailable: msg`One of your pickup days is no longer available. Please choose again.`,
  area_unavailable: msg`We don't currently service this area.`,
  client_active: msg`This e-mail already has a subscription. Log in to manage it.`,
  rate_limited: msg`Too many attempts. Please wait a minute and try again.`,
  too_many_checkouts: msg`Too many sign-ups from this connection are waiting for payment. Please finish one, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`,
  payment_provider_error: msg`The payment provider did not answer. Please try again.`,
  // A checkout for the same e-mail opened meanwhile (another tab): that one is the sign-up's checkout now.
  conflict: msg`Another checkout for this e-mail was just opened. Please try again.`,
};

export const paymentFallback = msg`Something went wrong. Please try again.`;

/**
 * The Payment Error toast's text: a known reason in the page's language, else the spec's fallback. Never the
 * error's own message: that is the server's English or the browser's ("Failed to fetch", "API Error: 503 ...").
 */
export function checkoutErrorText(i18n: I18n, code: string | undefined): string {
  const known = code ? checkoutMessages[code as ErrorCode] : undefined;
  return i18n._(known ?? paymentFallback);
}
