// The blog's newsletter box: validate the e-mail, POST /newsletter once, say how it went.
import { assign, emit, fromPromise, setup } from "xstate";
import { emailSchema, type Language } from "../src/contract/common";

/** Message keys the view translates. */
export type NewsletterErrorKey = "emailRequired" | "emailInvalid" | "rateLimited" | "requestFailed";

export interface NewsletterContext {
  email: string;
  error: NewsletterErrorKey | null;
}

export type NewsletterEvent =
  | { type: "email.changed"; value: string }
  | { type: "submit"; language: Language };

export interface NewsletterRequest {
  email: string;
  language: Language;
}

export type NewsletterEmitted = { type: "subscribed" } | { type: "failed"; error: NewsletterErrorKey };

export function validateNewsletterEmail(value: string): { ok: true; email: string } | { ok: false; error: NewsletterErrorKey } {
  if (!value.trim()) return { ok: false, error: "emailRequired" };
  const result = emailSchema.safeParse(value);
  return result.success ? { ok: true, email: result.data } : { ok: false, error: "emailInvalid" };
}

/** A 429 from the server has its own message; any other failure the generic one. */
const failureKey = (error: unknown): NewsletterErrorKey =>
  (error as { status?: number } | null)?.status === 429 ? "rateLimited" : "requestFailed";

export const newsletterMachine = setup({
  types: {
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
    emitted: {} as NewsletterEmitted,
  },
  actors: {
    // Provided by the view (the API client); the machine itself makes no call.
    subscribe: fromPromise<unknown, NewsletterRequest>(async () => {
      throw new Error("subscribe is provided by the view");
    }),
  },
  guards: {
    isValid: ({ context }) => validateNewsletterEmail(context.email).ok,
  },
  actions: {
    setEmail: assign(({ event }) => (event.type === "email.changed" ? { email: event.value, error: null } : {})),
    showError: assign(({ context }) => {
      const result = validateNewsletterEmail(context.email);
      return { error: result.ok ? null : result.error };
    }),
  },
}).createMachine({
  id: "newsletter",
  context: { email: "", error: null },
  initial: "editing",
  states: {
    editing: {
      on: {
        "email.changed": { actions: "setEmail" },
        submit: [{ guard: "isValid", target: "submitting" }, { target: "invalid", actions: "showError" }],
      },
    },
    invalid: {
      on: {
        "email.changed": { target: "editing", actions: "setEmail" },
        submit: { actions: "showError" },
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "subscribe",
        src: "subscribe",
        input: ({ context, event }) => {
          const result = validateNewsletterEmail(context.email);
          return { email: result.ok ? result.email : context.email, language: event.type === "submit" ? event.language : "en" };
        },
        onDone: { target: "subscribed", actions: [assign({ email: "", error: null }), emit({ type: "subscribed" })] },
        onError: {
          target: "failed",
          actions: [
            assign(({ event }) => ({ error: failureKey(event.error) })),
            emit(({ event }) => ({ type: "failed" as const, error: failureKey(event.error) })),
          ],
        },
      },
    },
    /** Done: the box is empty again and thanks the visitor; another address may be entered. */
    subscribed: {
      on: {
        "email.changed": { target: "editing", actions: "setEmail" },
        submit: { target: "invalid", actions: "showError" },
      },
    },
    /** The call failed; the address stays so the visitor can try again. */
    failed: {
      on: {
        "email.changed": { target: "editing", actions: "setEmail" },
        // The address was valid when it was sent and has not changed since.
        submit: { target: "submitting" },
      },
    },
  },
});
