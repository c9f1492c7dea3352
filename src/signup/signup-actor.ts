// The wizard's actor context: the machine with the two browser effects it leaves to the view.
import { createActorContext } from "@xstate/react";
import { fromPromise } from "xstate";
import { signupMachine, type SavedCheckoutInput } from "../../machines/signup.machine";
import { isAreaAvailable } from "../contract/signup-form";
import { createApiClient, hostedLink } from "../api/client";
import type { Client } from "../contract/client";
import { leaveFor, saveCheckout } from "./signup-session";

const api = createApiClient();

export const signupLogic = signupMachine.provide({
  actors: {
    checkEmail: fromPromise<{ exists: boolean }, { email: string }>(({ input, signal }) =>
      api.call("emailExists", { params: { email: input.email }, signal }),
    ),
    checkServiceArea: fromPromise<boolean, { zip: string }>(async ({ input, signal }) =>
      isAreaAvailable(await api.call("serviceArea", { params: { area: input.zip }, signal })),
    ),
    loadAvailability: fromPromise<Record<string, boolean>, { date: string }>(async ({ input, signal }) => {
      const answer = await api.call("signupDay", { params: { id: input.date }, signal });
      return answer.availability;
    }),
    createCheckout: fromPromise<string, { client: Client; origin: string }>(async ({ input, signal }) =>
      hostedLink(
        await api.call("createCheckoutSession", {
          body: { success_url: `${input.origin}/payment-success`, cancel_url: `${input.origin}/payment-canceled`, client: input.client },
          signal,
        }),
        "checkout",
      ),
    ),
    saveCheckout: fromPromise<void, SavedCheckoutInput>(async ({ input }) => saveCheckout(input.form, input.client)),
    // The browser is leaving: this never settles, so the wizard stays busy until the page unloads.
    redirect: fromPromise<void, { url: string }>(({ input }) => {
      leaveFor(input.url);
      return new Promise<never>(() => {});
    }),
  },
});

export const SignupActor = createActorContext(signupLogic);
