// The browser's key for one request that must not be acted on twice (the contact form's message, the login page's
// sign-in link; decision 018): a try whose answer was lost (a stalled connection, the call's deadline) may still
// have arrived, and its repeat carries the same key, which the server answers without acting again.

/**
 * The key of the request being sent: the same for every try of the same input, a new one for other input or once
 * forgotten (after a request went). 32 random hex digits (getRandomValues: randomUUID needs a secure context,
 * which a plain-http site is not).
 */
export function newSubmissionKeys() {
  let last = { input: "", key: "" };
  return {
    keyFor(input: unknown): string {
      const serialized = JSON.stringify(input);
      if (last.input !== serialized || !last.key) {
        last = { input: serialized, key: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("") };
      }
      return last.key;
    },
    forget() {
      last = { input: "", key: "" };
    },
  };
}
