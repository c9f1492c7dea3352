// The browser's key for one request that must not be acted on twice (the contact form's message, the sign-in link
// the login and success pages ask for; decision 018): a try whose answer was lost (a stalled connection, the call's
// deadline) may still have arrived, and its repeat carries the same key, which the server answers without acting
// again.
import { isRequestKey, newRequestKey } from "#domain/request-key";
import { tabStorage } from "../browser/tab-session";

type Kept = { input: string; key: string };

/**
 * The key of the request being sent: the same for every try of the same input, a new one for other input or once
 * forgotten (after a request went). With `tabKey`, the tab's sessionStorage keeps it too, so a reload while a request
 * is on its way sends the same input under the same key (browser-only then: call keyFor and forget from handlers).
 */
export function newSubmissionKeys(tabKey?: string) {
  let last: Kept = { input: "", key: "" };
  const keep = (kept: Kept) => {
    last = kept;
    if (!tabKey) return;
    const storage = tabStorage();
    try {
      if (kept.key) storage?.setItem(tabKey, JSON.stringify(kept));
      else storage?.removeItem(tabKey);
    } catch {
      // A full or refused storage: this page's tries still share the key, and no older key kept there may stand
      // in for it.
      try {
        storage?.removeItem(tabKey);
      } catch {
        // Refused altogether: nothing is read back either.
      }
    }
  };
  /** The key a page before this one in the tab (a reload) kept, if any. */
  const keptInTab = (): Kept | null => {
    if (!tabKey) return null;
    try {
      const stored = JSON.parse(tabStorage()?.getItem(tabKey) ?? "null") as Partial<Kept> | null;
      if (typeof stored?.input === "string" && isRequestKey(stored.key)) return { input: stored.input, key: stored.key };
    } catch {
      // Unreadable: none.
    }
    return null;
  };
  return {
    keyFor(input: unknown): string {
      const serialized = JSON.stringify(input);
      if (last.input === serialized && last.key) return last.key;
      const kept = keptInTab();
      if (kept?.input === serialized) last = kept;
      else keep({ input: serialized, key: newRequestKey() });
      return last.key;
    },
    forget() {
      keep({ input: "", key: "" });
    },
  };
}
