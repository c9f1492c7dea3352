// /payment-canceled: the cancellation rollback of product.md PAY-5. Deletes the pending client, then takes the
// visitor back to step 6 of the sign-up (replacing this history entry), even when the delete fails.
import { fromPromise, setup } from "xstate";
import { notProvided } from "./not-provided";

/** Where the visitor goes back to: step 6 with the saved form, and the "Payment Canceled" toast. */
export const SIGNUP_RESUME_PATH = "/signup?resume=1&payment=canceled";

export interface PaymentCanceledInput {
  /** The e-mail of the client saved at checkout in this tab; null when the tab has none. */
  email: string | null;
  /**
   * The checkout this cancel came from, as the cancel address names it (`?checkout=`): the server then rolls back
   * only that checkout, while it is still the sign-up's current one (not a newer one from another tab). Null or
   * absent for an address without it (an older link): the spec's rollback by e-mail.
   */
  checkout?: string | null;
}

export interface PaymentCanceledContext {
  email: string | null;
  checkout: string | null;
}

export const paymentCanceledMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    context: {} as PaymentCanceledContext,
    input: {} as PaymentCanceledInput,
  },
  actors: {
    deleteClient: fromPromise<unknown, { email: string; checkout?: string }>(notProvided("deleteClient")),
    /** Replaces the current history entry with the path (react-router navigate(path, { replace: true })). */
    returnToSignup: fromPromise<unknown, { path: string }>(notProvided("returnToSignup")),
  },
  actions: {
    // A failed rollback is only logged: the pending client expires with its checkout and the next one replaces it.
    warn: (_, params: { step: "deleteClient" | "returnToSignup"; error?: unknown }) => {
      console.warn(`payment-canceled: ${params.step} failed`, params.error);
    },
  },
  guards: {
    hasEmail: ({ context }) => Boolean(context.email?.trim()),
  },
}).createMachine({
  id: "paymentCanceled",
  description:
    "The page the payment provider sends a visitor to after cancelling: it deletes the pending client, then takes the visitor back to step 6 of the sign-up, even when the delete fails.",
  meta: {
    guards: {
      hasEmail: "this tab saved a client at checkout",
    },
    actors: {
      deleteClient: {
        name: "deleting the pending client",
        description:
          "Asks the server to delete the client that never paid and free its pickup days; with the cancelled checkout named, only while that checkout is still the sign-up's current one.",
      },
      returnToSignup: { name: "going back to the sign-up", description: "Opens step 6 of the sign-up with the saved form, replacing this page in the history." },
    },
  },
  context: ({ input }) => ({ email: input.email, checkout: input.checkout ?? null }),
  initial: "start",
  states: {
    start: {
      description: "Deciding whether there is a pending client to delete.",
      always: [
        { guard: "hasEmail", target: "deleting", description: "Deletes the pending client first." },
        { target: "redirecting", description: "Nothing to delete: straight back to the sign-up." },
      ],
    },
    deleting: {
      tags: ["busy"],
      description: "Deleting the client that did not pay, which frees its two pickup days.",
      invoke: {
        id: "deleteClient",
        src: "deleteClient",
        input: ({ context }) => ({ email: context.email!.trim(), checkout: context.checkout ?? undefined }),
        onDone: { target: "redirecting", description: "Deleted: back to the sign-up." },
        onError: {
          target: "redirecting",
          actions: { type: "warn", params: ({ event }) => ({ step: "deleteClient", error: event.error }) },
          description: "Logged only (the pending client expires with its checkout): back to the sign-up anyway.",
        },
      },
    },
    redirecting: {
      tags: ["busy"],
      description: "Taking the visitor back to step 6 of the sign-up with a 'Payment canceled' toast.",
      invoke: {
        id: "returnToSignup",
        src: "returnToSignup",
        input: { path: SIGNUP_RESUME_PATH },
        onDone: { target: "left", description: "The visitor is on the sign-up again." },
        onError: {
          target: "stuck",
          actions: { type: "warn", params: ({ event }) => ({ step: "returnToSignup", error: event.error }) },
          description: "Logged; the page offers a link instead.",
        },
      },
    },
    left: { type: "final", description: "The visitor is back on the sign-up." },
    /** The navigation itself failed: the view offers a plain link to the same place. */
    stuck: { type: "final", description: "The navigation failed: the page offers a plain link to the sign-up." },
  },
});
