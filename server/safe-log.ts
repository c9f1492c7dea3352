// What a log line may say about a failure: its kind and a message with no SQL, no parameters and no e-mail
// address. Database errors arrive wrapped ("Failed query: <sql> params: <values>"); only the driver's own
// code and first line are kept, and anything shaped like an e-mail address is masked.

// An address is a run of characters that cannot delimit one, holding an @ (or two runs joined by %40). A match
// starts only where a run starts (the lookbehind): else a long run with no @ in it (a request URL, a posted
// body) is rescanned from each of its characters, in time that grows with the square of its length.
const EMAIL = /(?<![^\s"'<>()[\]{},;:/?=&%])[^\s"'<>()[\]{},;:/?=&%]+(?:@|%40)[^\s"'<>()[\]{},;:/?=&%]+/gi;

/** Masks every e-mail address in `text` (plain or percent-encoded) as `***@***`. */
export function redactText(text: string): string {
  return text.replace(EMAIL, "***@***");
}

export interface SafeError {
  type: string;
  /** The driver's error code (PostgreSQL SQLSTATE, SMTP response code, Node's errno) when there is one. */
  code?: string | number;
  message: string;
}

/** A loggable summary of an error: never the SQL, its parameters, a stack, or personal data. */
export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)).slice(0, 200) };
  // Drizzle's wrapper carries the SQL and its parameters in its message; the driver's error is its cause.
  const inner = /^Failed query/i.test(error.message) && error.cause instanceof Error ? error.cause : error;
  const firstLine = (inner.message.split("\n")[0] ?? "").replace(/^Failed query.*$/i, "database query failed");
  const code = (inner as { code?: unknown }).code ?? (inner as { responseCode?: unknown }).responseCode;
  return {
    type: inner.name || "Error",
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    message: redactText(firstLine).slice(0, 200),
  };
}
