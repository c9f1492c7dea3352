// /payment-canceled: the cancellation rollback of spec section 4. Deletes the pending client, then takes the
// visitor back to step 6 of the sign-up (replacing this history entry), even when the delete fails.
import { fromPromise, setup } from "xstate";

/** Where the visitor goes back to: step 6 with the saved form, and the "Payment Canceled" toast. */
export const SIGNUP_RESUME_PATH = "/signup?resume=1&payment=canceled";

export interface PaymentCanceledInput {
  /** The e-mail of the client saved at checkout in this tab; null when the tab has none. */
  email: string | null;
}

export type PaymentCanceledContext = PaymentCanceledInput;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided`);
};

export const paymentCanceledMachine = setup({
  types: {
    context: {} as PaymentCanceledContext,
    input: {} as PaymentCanceledInput,
  },
  actors: {
    deleteClient: fromPromise<unknown, { email: string }>(notProvided("deleteClient")),
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
  context: ({ input }) => ({ email: input.email }),
  initial: "start",
  states: {
    start: {
      always: [{ guard: "hasEmail", target: "deleting" }, { target: "redirecting" }],
    },
    deleting: {
      tags: ["busy"],
      invoke: {
        id: "deleteClient",
        src: "deleteClient",
        input: ({ context }) => ({ email: context.email!.trim() }),
        onDone: { target: "redirecting" },
        onError: {
          target: "redirecting",
          actions: { type: "warn", params: ({ event }) => ({ step: "deleteClient", error: event.error }) },
        },
      },
    },
    redirecting: {
      tags: ["busy"],
      invoke: {
        id: "returnToSignup",
        src: "returnToSignup",
        input: { path: SIGNUP_RESUME_PATH },
        onDone: { target: "left" },
        onError: {
          target: "stuck",
          actions: { type: "warn", params: ({ event }) => ({ step: "returnToSignup", error: event.error }) },
        },
      },
    },
    left: { type: "final" },
    /** The navigation itself failed: the view offers a plain link to the same place. */
    stuck: { type: "final" },
  },
});
