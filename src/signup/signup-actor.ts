// The wizard's actor context: the machine with the two browser effects it leaves to the view.
import { createActorContext } from "@xstate/react";
import { fromPromise } from "xstate";
import { signupMachine, type SavedCheckoutInput } from "#machines/signup.machine";
import type { ServiceAreaAnswer } from "#contract/calls";
import { createApiClient, hostedLink } from "../api/client";
import { CHECK_DEADLINE_MS, PAYMENT_DEADLINE_MS } from "../api/deadline";
import type { Client } from "#contract/client";
import { pathInLanguage } from "../i18n/languages";
import { saveCheckout } from "./signup-session";
import { leaveFor } from "../browser/tab-session";

const api = createApiClient();

export const signupLogic = signupMachine.provide({
  actors: {
    // The checks give up after CHECK_DEADLINE_MS: one that never answers would hold Continue for good.
    checkEmail: fromPromise<{ exists: boolean }, { email: string }>(({ input, signal }) =>
      api.call("emailExists", { params: { email: input.email }, signal, deadlineMs: CHECK_DEADLINE_MS }),
    ),
    checkServiceArea: fromPromise<ServiceAreaAnswer, { zip: string }>(({ input, signal }) =>
      api.call("serviceArea", { params: { area: input.zip }, signal, deadlineMs: CHECK_DEADLINE_MS }),
    ),
    loadAvailability: fromPromise<Record<string, boolean>, { date: string }>(async ({ input, signal }) => {
      const answer = await api.call("signupDay", { params: { id: input.date }, signal, deadlineMs: CHECK_DEADLINE_MS });
      return answer.availability;
    }),
    createCheckout: fromPromise<string, { client: Client; origin: string }>(async ({ input, signal }) =>
      hostedLink(
        await api.call("createCheckoutSession", {
          // Back to the pages in the client's language: /payment-success, or /es/payment-success.
          body: {
            success_url: `${input.origin}${pathInLanguage("/payment-success", input.client.language)}`,
            cancel_url: `${input.origin}${pathInLanguage("/payment-canceled", input.client.language)}`,
            client: input.client,
          },
          signal,
          // The server asks the payment provider for the page: a longer wait than a check. Given up, it fails as
          // any other failure (back to the summary with the error toast, the form kept); pressing again is safe,
          // as the server replaces an open checkout of the same e-mail (closing it at the provider).
          deadlineMs: PAYMENT_DEADLINE_MS,
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
