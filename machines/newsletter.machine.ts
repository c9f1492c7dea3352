// The blog's newsletter box (product.md CON-2): validate the e-mail, POST /newsletter once, say how it went.
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { emailSchema, type Language } from "#contract/common";
import { notProvided } from "./not-provided";

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
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
    emitted: {} as NewsletterEmitted,
  },
  actors: {
    // Provided by the view (the API client); the machine itself makes no call.
    subscribe: fromPromise<unknown, NewsletterRequest>(notProvided("subscribe")),
  },
  guards: {
    isValid: ({ context }) => validateNewsletterEmail(context.email).ok,
  },
  actions: {
    setEmail: assign(({ event }) => {
      assertEvent(event, "email.changed");
      return { email: event.value, error: null };
    }),
    showError: assign(({ context }) => {
      const result = validateNewsletterEmail(context.email);
      return { error: result.ok ? null : result.error };
    }),
  },
}).createMachine({
  id: "newsletter",
  description: "The blog's newsletter box: the e-mail is checked, sent once, and the box says how it went.",
  meta: {
    events: {
      "email.changed": "the e-mail is edited",
      submit: "Subscribe is pressed",
    },
    guards: {
      isValid: "the e-mail is filled in and looks valid",
    },
    actors: {
      subscribe: { name: "the subscription request", description: "Sends the e-mail and the page's language to the server's newsletter list." },
    },
  },
  context: { email: "", error: null },
  initial: "editing",
  states: {
    editing: {
      description: "The visitor types an e-mail.",
      on: {
        "email.changed": { actions: "setEmail", description: "Keeps the e-mail." },
        submit: [
          { guard: "isValid", target: "submitting", description: "Sends the subscription." },
          { target: "invalid", actions: "showError", description: "Says the e-mail is missing or invalid." },
        ],
      },
    },
    invalid: {
      description: "The e-mail is missing or invalid; the message shows until it is edited.",
      on: {
        "email.changed": { target: "editing", actions: "setEmail", description: "Keeps the e-mail and hides the message." },
        submit: { actions: "showError", description: "Shows the message again." },
      },
    },
    submitting: {
      tags: ["busy"],
      description: "Sending the subscription.",
      invoke: {
        id: "subscribe",
        src: "subscribe",
        input: ({ context, event }) => {
          const result = validateNewsletterEmail(context.email);
          return { email: result.ok ? result.email : context.email, language: event.type === "submit" ? event.language : "en" };
        },
        onDone: {
          target: "subscribed",
          actions: [assign({ email: "", error: null }), emit({ type: "subscribed" })],
          description: "Empties the box and thanks the visitor.",
        },
        onError: {
          target: "failed",
          actions: [
            assign(({ event }) => ({ error: failureKey(event.error) })),
            emit(({ event }) => ({ type: "failed" as const, error: failureKey(event.error) })),
          ],
          description: "Says it failed (or, after too many tries, to wait a minute).",
        },
      },
    },
    /** Done: the box is empty again and thanks the visitor; another address may be entered. */
    subscribed: {
      description: "Subscribed: the box is empty again and thanks the visitor; another address may be entered.",
      on: {
        "email.changed": { target: "editing", actions: "setEmail", description: "Starts another address." },
        submit: { target: "invalid", actions: "showError", description: "The box is empty: says an e-mail is needed." },
      },
    },
    /** The call failed; the address stays so the visitor can try again. */
    failed: {
      description: "The request failed; the address stays so the visitor can try again.",
      on: {
        "email.changed": { target: "editing", actions: "setEmail", description: "Keeps the new e-mail." },
        // The address was valid when it was sent and has not changed since.
        submit: { target: "submitting", description: "Tries again with the same address (it was valid and has not changed)." },
      },
    },
  },
});
