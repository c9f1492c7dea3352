// The browser's key for one request that must not be acted on twice (the contact form's message, the sign-in link
// the login and success pages ask for; decision 018): a try whose answer was lost (a stalled connection, the call's
// deadline) may still have arrived, and its repeat carries the same key, which the server answers without acting
// again.
import { newRequestKey } from "#domain/request-key";

/**
 * The key of the request being sent: the same for every try of the same input, a new one for other input or once
 * forgotten (after a request went).
 */
export function newSubmissionKeys() {
  let last = { input: "", key: "" };
  return {
    keyFor(input: unknown): string {
      const serialized = JSON.stringify(input);
      if (last.input !== serialized || !last.key) {
        last = { input: serialized, key: newRequestKey() };
      }
      return last.key;
    },
    forget() {
      last = { input: "", key: "" };
    },
  };
}
