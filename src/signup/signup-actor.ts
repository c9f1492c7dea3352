// The wizard's actor context: the machine with the two browser effects it leaves to the view.
import { createActorContext } from "@xstate/react";
import { fromPromise } from "xstate";
import { signupMachine, type SavedCheckoutInput } from "../../machines/signup.machine";
import { leaveFor, saveCheckout } from "./signup-session";

export const signupLogic = signupMachine.provide({
  actors: {
    saveCheckout: fromPromise<void, SavedCheckoutInput>(async ({ input }) => saveCheckout(input.form, input.client)),
    // The browser is leaving: this never settles, so the wizard stays busy until the page unloads.
    redirect: fromPromise<void, { url: string }>(({ input }) => {
      leaveFor(input.url);
      return new Promise<never>(() => {});
    }),
  },
});

export const SignupActor = createActorContext(signupLogic);
