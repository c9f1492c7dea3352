// The server's log options (product.md SEC-4): no personal data in any log line or error report. E-mail addresses (plain or
// percent-encoded, e.g. in a request URL), phone numbers and the fields that hold names and street addresses
// are replaced before a line is written, and so are the tokens of e-mailed links in a request URL.
import type { PinoLoggerOptions } from "fastify/types/logger";
import { redactText as maskEmails } from "./safe-log";

const PHONE = /(?<![\w-])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?![\w-])/g;

/** The most a log line keeps of one text (a URL, a header, a message, a stack); the rest is only counted. */
const TEXT_LIMIT = 4096;

/** The text with e-mail addresses and phone numbers replaced, cut to TEXT_LIMIT characters. */
export function redactText(text: string): string {
  const masked = maskEmails(text).replace(PHONE, "[phone]");
  return masked.length > TEXT_LIMIT ? `${masked.slice(0, TEXT_LIMIT)}… (${masked.length - TEXT_LIMIT} more characters)` : masked;
}

// Query parameters that are bearer secrets: the welcome e-mail's and the sign-in links' `?token=`, which open a
// customer's billing portal. Their values never reach a log line, whatever the path.
const SECRET_QUERY = /([?&](?:token|session_id)=)[^&#]*/gi;

/** A request URL as logged: secrets in the query replaced, then e-mail addresses and phone numbers. */
export function redactUrl(url: string): string {
  return redactText(url.replace(SECRET_QUERY, "$1[redacted]"));
}

/** Fields whose whole value is personal data, wherever they appear in a logged object. */
const PERSONAL_KEYS = new Set([
  "email",
  "client_email",
  "to",
  "replyto",
  "phone",
  "phonenumber",
  "name",
  "surname",
  "firstname",
  "lastname",
  "customername",
  "businessname",
  "address",
  "street",
  "formatted_address",
  "message",
  "cookie",
  "authorization",
  "set-cookie",
]);

function scrub(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 6 || seen.has(value)) return "[…]";
  seen.add(value);
  if (value instanceof Error) {
    const extra = scrub({ ...value }, depth + 1, seen) as object;
    return { type: value.name, ...extra, message: redactText(value.message), stack: redactText(value.stack ?? "") };
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = PERSONAL_KEYS.has(key.toLowerCase()) ? "[redacted]" : scrub(item, depth + 1, seen);
  }
  return out;
}

/** An error report: its message and stack kept as redacted text (not a contact form's "message"), the rest scrubbed. */
function scrubError(value: unknown): unknown {
  if (value instanceof Error || value === null || typeof value !== "object") return scrub(value, 1, new WeakSet());
  const { message, stack, ...rest } = value as { message?: unknown; stack?: unknown };
  return {
    ...(scrub(rest, 1, new WeakSet()) as object),
    ...(typeof message === "string" ? { message: redactText(message) } : {}),
    ...(typeof stack === "string" ? { stack: redactText(stack) } : {}),
  };
}

/** Fastify's logger options with the redaction in place (the level from LOG_LEVEL). */
export function redactedLoggerOptions(level: string): PinoLoggerOptions {
  return {
    level,
    formatters: {
      // Every logged object except the request and reply, which their serializers below reduce first.
      log: (object) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(object)) {
          out[key] = key === "req" || key === "res" ? value : key === "err" || key === "error" ? scrubError(value) : scrub(value, 0, new WeakSet());
        }
        return out;
      },
    },
    hooks: {
      // The message text itself.
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg)) as Parameters<typeof method>);
      },
    },
    serializers: {
      req: (request: { method?: string; url?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrl(request.url ?? ""),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
      err: (error: Error) => scrubError(error) as Record<string, unknown>,
    },
  };
}
