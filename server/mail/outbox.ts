// Queues an e-mail in the outbox, inside the caller's transaction; the mail worker sends it later.
import { z } from "zod";
import { contactFormSchema } from "#contract/calls";
import { addressSchema, detergentSchema } from "#contract/client";
import { dateString, emailSchema, languageSchema, type Language } from "#contract/common";
import type { Database } from "../db/index";
import { emailOutbox } from "../db/schema";

export type EmailKind =
  | "welcome"
  | "contact-notification"
  | "capacity-exceeded"
  | "sign-in"
  | "cancellation"
  | "cancellation-scheduled"
  | "cancellation-undone"
  | "dispute-created"
  | "dispute-closed"
  | "paid-without-service";

/** data of a "welcome" e-mail. `renewalDate` defaults to renewalDate(earliest pickup date). */
export const welcomeDataSchema = z.object({
  firstName: z.string().trim().min(1).max(200),
  lastName: z.string().trim().max(200).optional(),
  /** The two pickup dates of the first week (yyyy-mm-dd); their weekdays repeat every week. */
  pickupDates: z.array(dateString).length(2),
  renewalDate: dateString.optional(),
  /** The sign-up's choices and the address with its access instructions, confirmed in the e-mail (absent in messages queued before). */
  detergent: detergentSchema.optional(),
  fabricSoftener: z.boolean().optional(),
  address: addressSchema.partial().optional(),
});
export type WelcomeData = z.infer<typeof welcomeDataSchema>;

/** data of a "contact-notification" e-mail: the contact form as received, plus the sender's language. */
export const contactNotificationDataSchema = z.intersection(
  contactFormSchema,
  z.object({ language: languageSchema.optional(), receivedAt: z.string().optional() }),
);
export type ContactNotificationData = z.infer<typeof contactNotificationDataSchema>;

/** data of a "capacity-exceeded" e-mail (to the operator): a day that paid late sign-ups pushed past its capacity. */
export const capacityExceededDataSchema = z.object({
  date: dateString,
  orders: z.number().int().positive(),
  capacity: z.number().int().positive(),
});
export type CapacityExceededData = z.infer<typeof capacityExceededDataSchema>;
/** data of a "sign-in" e-mail: the link's token sealed with the server secret (server/auth/portal-access.ts). */
export const signInDataSchema = z.object({
  firstName: z.string().trim().min(1).max(200),
  sealedToken: z.string().min(1).max(500),
  minutes: z.number().int().positive(),
});
export type SignInData = z.infer<typeof signInDataSchema>;

/**
 * Why the provider ended a subscription for non-payment (Stripe's cancellation_details.reason): its retries of a
 * renewal ran out, or a payment was disputed. Not the customer's own cancellation (decision 024).
 */
export const nonPaymentReasonSchema = z.enum(["payment_failed", "payment_disputed"]);
export type NonPaymentReason = z.infer<typeof nonPaymentReasonSchema>;

/**
 * The paid pickups still to come (yyyy-mm-dd), every one the client has from today on, whichever of its sign-ups
 * booked it. Any length: the e-mail names the first few and counts the rest, and a bound here would refuse, with the
 * message, the change of service it reports (queued in the same transaction). It stays short anyway: one a day at
 * most, none past the booking window.
 */
const paidPickupsSchema = z.array(dateString);

/**
 * data of a "cancellation" e-mail: the day the subscription ended and the paid pickups still to come.
 * `nonPayment`: the provider ended it because it could not collect (decision 024), a different e-mail; absent, the
 * customer cancelled (or the reason is not known, as in every message queued before).
 */
export const cancellationDataSchema = z.object({
  firstName: z.string().trim().min(1).max(200),
  canceledOn: dateString,
  paidPickups: paidPickupsSchema,
  nonPayment: nonPaymentReasonSchema.optional(),
});
export type CancellationData = z.infer<typeof cancellationDataSchema>;

/**
 * data of a "cancellation-scheduled" e-mail: the customer cancelled for later (decision 024); the day the plan ends
 * (yyyy-mm-dd, in the service's time zone) and the paid pickups still to come.
 */
export const cancellationScheduledDataSchema = z.object({
  firstName: z.string().trim().min(1).max(200),
  endsOn: dateString,
  paidPickups: paidPickupsSchema,
});
export type CancellationScheduledData = z.infer<typeof cancellationScheduledDataSchema>;

/**
 * data of a "cancellation-undone" e-mail: the end the customer had been told of is no longer scheduled and the plan
 * goes on (decision 024); `wasEndingOn` is the day that confirmation named (yyyy-mm-dd, in the service's time zone).
 */
export const cancellationUndoneDataSchema = z.object({
  firstName: z.string().trim().min(1).max(200),
  wasEndingOn: dateString,
});
export type CancellationUndoneData = z.infer<typeof cancellationUndoneDataSchema>;

/** Our client, as an operator notice names it. */
const noticeClientSchema = z.object({ name: z.string().max(400), email: emailSchema, zip: z.string().max(10) });

/** data of a "dispute-created" or "dispute-closed" e-mail (to the operator): the dispute as Stripe had it when asked. */
export const disputeNoticeDataSchema = z.object({
  disputeId: z.string().min(1).max(255),
  /** In the currency's smallest unit, as Stripe gives it (cents for USD). */
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  reason: z.string().max(100),
  status: z.string().max(100),
  /** When the evidence is due (ISO); none once answered or closed. */
  dueBy: z.iso.datetime().nullable(),
  customerId: z.string().max(255).nullable(),
  client: noticeClientSchema.optional(),
  dashboardUrl: z.url(),
});
export type DisputeNoticeData = z.infer<typeof disputeNoticeDataSchema>;

/** data of a "paid-without-service" e-mail (to the operator): a checkout paid after its subscription had ended (decision 020). */
export const paidWithoutServiceDataSchema = z.object({
  checkoutId: z.number().int().positive(),
  sessionId: z.string().min(1).max(255),
  subscriptionId: z.string().min(1).max(255),
  subscriptionStatus: z.string().max(100).nullable(),
  customerId: z.string().max(255).nullable(),
  client: noticeClientSchema.optional(),
  /** The customer in Stripe's dashboard (none on the sandbox). */
  dashboardUrl: z.url().nullable(),
});
export type PaidWithoutServiceData = z.infer<typeof paidWithoutServiceDataSchema>;

export const emailDataSchemas = {
  welcome: welcomeDataSchema,
  "contact-notification": contactNotificationDataSchema,
  "capacity-exceeded": capacityExceededDataSchema,
  "sign-in": signInDataSchema,
  cancellation: cancellationDataSchema,
  "cancellation-scheduled": cancellationScheduledDataSchema,
  "cancellation-undone": cancellationUndoneDataSchema,
  "dispute-created": disputeNoticeDataSchema,
  "dispute-closed": disputeNoticeDataSchema,
  "paid-without-service": paidWithoutServiceDataSchema,
} as const satisfies Record<EmailKind, z.ZodType>;

export interface QueuedEmail {
  kind: EmailKind;
  to: string;
  language: Language;
  data: Record<string, unknown>;
  /** Same key twice: the second queue is a no-op (e.g. `welcome:<clientId>`). */
  dedupeKey?: string;
}

/** The drizzle database or a transaction of it. */
export type Queryable = Pick<Database, "insert">;

/**
 * Validates and queues one e-mail. Call it inside the transaction of the change it reports, so the
 * message exists exactly when the change does. Resolves to the outbox id, or null when the dedupeKey
 * was already queued.
 */
export async function queueEmail(db: Queryable, email: QueuedEmail): Promise<number | null> {
  // The rule every address was accepted by (the spec's simple pattern): a stricter one here would refuse a paid
  // sign-up's welcome inside its fulfilment, and so the fulfilment itself, on every retry.
  const to = emailSchema.parse(email.to);
  const language = languageSchema.parse(email.language);
  const data = emailDataSchemas[email.kind].parse(email.data) as Record<string, unknown>;
  const rows = await db
    .insert(emailOutbox)
    .values({ kind: email.kind, to, language, data, dedupeKey: email.dedupeKey ?? null })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return rows[0]?.id ?? null;
}
