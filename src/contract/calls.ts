// Every call of the site (product.md DATA-2): its method, path, and the zod schemas of its parts.
import { z } from "zod";
import { dateString, emailSchema, languageSchema, okSchema } from "./common";
import { clientSchema } from "./client";

export interface CallDefinition {
  method: "GET" | "POST" | "PUT";
  /** Path below the API base, with :params. */
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/**
 * The header the site's own API client sends on every call (value "1"), and what the server needs besides the
 * checkout cookie before the cookie proves ownership (server/auth/ownership.ts, docs/decisions/016): a link, a
 * form or a redirect cannot add a header, and another site's fetch with it needs a CORS preflight that the server
 * never grants.
 */
export const SITE_CLIENT_HEADER = "x-freshfold-client";

const emailParam = z.object({ email: emailSchema });

/** Either shape the spec allows: a boolean, or an object whose `available` is true. */
export const serviceAreaAnswer = z.union([
  z.boolean(),
  z.object({
    available: z.boolean(),
    area: z.string().optional(),
    deliveryTime: z.string().optional(),
    comingSoon: z.boolean().optional(),
  }),
]);

export type ServiceAreaAnswer = z.infer<typeof serviceAreaAnswer>;

/** The link of a hosted page, read from any of the spec's three places. */
export const hostedLinkAnswer = z.object({
  portal_url: z.string().optional(),
  checkout_url: z.string().optional(),
  url: z.string().optional(),
  session: z.object({ url: z.string().optional() }).optional(),
});

/** A visitor outside the served ZIPs asking to hear when the service arrives (product.md AREA-3). */
export const waitlistRequest = z.object({
  email: emailSchema,
  zip: z.string().trim().regex(/^\d{5}$/, "zipInvalid"),
  language: languageSchema,
});
export type WaitlistRequest = z.infer<typeof waitlistRequest>;

/**
 * Not in the spec's fields: the browser's key for one message (or one sign-in link's request, decision 018), the
 * same on every try of it, so a send repeated after its answer was lost (a stalled connection, the call's
 * deadline) reaches its inbox once.
 */
const submissionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional();

/**
 * A field a person must fill: trimmed, and holding at least one character that shows. Spaces and invisible format
 * characters alone (zero-width spaces and joiners, direction marks, a soft hyphen) read as empty, as the team would
 * see them; inside a name or an emoji they are kept.
 */
const filledText = (requiredKey: string, max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => value.replace(/[\s\p{Cf}]/gu, "") !== "", requiredKey);

export const contactFormSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("commercial"),
    name: filledText("nameRequired", 200),
    businessName: filledText("businessNameRequired", 200),
    email: z.string().trim().min(1, "emailRequired").pipe(emailSchema),
    phone: z.string().trim().max(40).optional(),
    message: filledText("messageRequired", 5000),
    // Not in the spec's fields: the page's language, so the team knows which one to answer in.
    language: languageSchema.optional(),
    submissionId: submissionIdSchema,
  }),
  z.object({
    type: z.literal("residential"),
    name: filledText("nameRequired", 200),
    email: z.string().trim().min(1, "emailRequired").pipe(emailSchema),
    phone: filledText("phoneRequiredResidential", 40),
    message: filledText("messageRequired", 5000),
    language: languageSchema.optional(),
    submissionId: submissionIdSchema,
  }),
]);
export type ContactForm = z.infer<typeof contactFormSchema>;

export const calls = {
  serviceArea: {
    method: "GET",
    path: "/service_area/:area",
    params: z.object({ area: z.string().max(100) }),
    response: serviceAreaAnswer,
  },
  emailExists: {
    method: "GET",
    path: "/client/email_exists/:email",
    params: z.object({ email: z.string().max(254) }),
    response: z.object({ exists: z.boolean() }),
  },
  registerClient: { method: "POST", path: "/client/register/new", body: clientSchema, response: okSchema },
  updateClient: { method: "PUT", path: "/client/update_by_email", body: clientSchema, response: okSchema },
  /**
   * The cancellation rollback. `checkout`: the reference the cancel address carried (`/payment-canceled?checkout=`);
   * with it, only that checkout is rolled back, and only while it is still the client's current one.
   */
  deleteClient: {
    method: "GET",
    path: "/client/delete_by_email/:email",
    params: emailParam,
    querystring: z.object({ checkout: z.string().max(100).optional() }),
    response: z.object({ ok: z.literal(true), deleted: z.boolean() }),
  },
  setActive: {
    method: "GET",
    path: "/client/set_active/:email",
    params: emailParam,
    response: z.object({ ok: z.literal(true), isActive: z.literal(true) }),
  },
  sendWelcomeEmail: {
    method: "POST",
    path: "/client/send_welcome_email",
    querystring: z.object({ email: emailSchema }),
    body: emailSchema,
    response: z.object({ ok: z.literal(true), queued: z.boolean() }),
  },
  /**
   * With a proof of ownership (the paying browser's cookie, or `token`: the welcome e-mail's token or an e-mailed
   * sign-in link's, for the links e-mailed with the address beside the token) the portal link; otherwise `{ "sent": true }` for every address, and a sign-in link
   * e-mailed when the address has a subscription. `requestId` (not in the spec, decision 018): the login page's key
   * for one request; a repeat of it while its link is still unused e-mails nothing more and spends no more of the day's links.
   */
  createPortalSession: {
    method: "GET",
    path: "/payments/create-portal-session/:email",
    params: emailParam,
    querystring: z.object({ token: z.string().max(200).optional(), requestId: submissionIdSchema }),
    response: hostedLinkAnswer.extend({ sent: z.literal(true).optional() }),
  },
  /**
   * The portal from an e-mailed link's token alone (the links carry no address): the welcome e-mail's sealed token
   * or a sign-in link's. The portal link on a valid token; otherwise `{ "sent": true }` whatever the token, and a
   * fresh sign-in link e-mailed when it names a customer with a subscription.
   */
  portalSession: {
    method: "POST",
    path: "/payments/portal-session",
    body: z.object({ token: z.string().trim().min(1).max(1000) }),
    response: hostedLinkAnswer.extend({ sent: z.literal(true).optional() }),
  },
  signupDay: {
    method: "GET",
    path: "/signupday/:id",
    // The answer names the 7 days from the date as yyyy-mm-dd: none may fall after the year 9999.
    params: z.object({ id: dateString.refine((value) => value <= "9999-12-25", "dateInvalid") }),
    response: z.object({ availability: z.record(z.string(), z.boolean()).default({}) }),
  },
  createCheckoutSession: {
    method: "POST",
    path: "/payments/create-checkout-session_signup",
    body: z.object({ success_url: z.url(), cancel_url: z.url(), client: clientSchema }),
    response: hostedLinkAnswer,
  },
  createOrder: {
    method: "POST",
    path: "/order/create4customer",
    body: z.object({ client_email: emailSchema, createdBy: z.string().min(1).max(100), date: dateString }),
    response: z.object({ ok: z.literal(true), created: z.boolean() }),
  },
  contactForm: { method: "POST", path: "/contact_form", body: contactFormSchema, response: okSchema },
  newsletter: {
    method: "POST",
    path: "/newsletter",
    body: z.object({ email: emailSchema, language: languageSchema.default("en") }),
    response: okSchema,
  },
  /** "Tell me when you arrive": one entry per e-mail and ZIP (a repeat changes nothing and answers the same). */
  waitlist: {
    method: "POST",
    path: "/waitlist",
    body: waitlistRequest,
    response: okSchema,
  },
} as const satisfies Record<string, CallDefinition>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
