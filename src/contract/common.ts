import { z } from "zod";
import { languages, type Language } from "../i18n/languages";

// In the browser zod must not probe for `eval` (`new Function`): the site's Content-Security-Policy forbids
// it and the browser reports every probe as a violation. Set here, before any object schema exists: every
// contract module imports this one first. The server keeps zod's compiled fast path.
if (typeof document !== "undefined") z.config({ jitless: true });

/** yyyy-mm-dd, a calendar date with no time zone. */
export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dateInvalid").refine((value) => {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}, "dateInvalid");

/**
 * The spec's simple pattern (text, at sign, text, dot, text: /^[^\s@]+@[^\s@]+\.[^\s@]+$/), written so that a
 * match has one way only (the domain's first dot after its first character), which keeps it linear: the spec's
 * own form backtracks quadratically on a long run of dots.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** E-mail is compared trimmed and lowercased everywhere. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// `abort`: an address over the length is not matched at all.
export const emailSchema = z.string().trim().toLowerCase().max(254, { error: "emailInvalid", abort: true }).regex(EMAIL_PATTERN, "emailInvalid");

export const languageSchema = z.enum(languages);
export type { Language };

/** Every error code the server answers (ApiError and errorBody take no other); views turn the known ones into translated messages. */
export const errorCodes = [
  "validation_failed",
  "bad_request",
  "not_found",
  "conflict",
  "client_active",
  "not_paid",
  "area_unavailable",
  "day_unavailable",
  "day_full",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "too_many_checkouts",
  "payment_provider_error",
  "internal_error",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
