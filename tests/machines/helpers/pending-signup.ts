// The sign-up machine with server calls that never answer by themselves: a test sends each outcome
// (xstate.done.actor.*) in the order it needs.
import type { ServiceAreaAnswer } from "#contract/calls";
import { createActor, fromPromise } from "xstate";
import { signupMachine, type SignupInput } from "#machines/signup.machine";
import type { SignupForm } from "#domain/signup-form";

/** An actor (not started) of the sign-up on 2030-01-07 in English for `form`, its calls pending. */
export function pendingSignupActor(form: SignupForm, patch: Partial<SignupInput> = {}) {
  const pending = () => new Promise<never>(() => {});
  return createActor(
    signupMachine.provide({
      actors: {
        checkEmail: fromPromise<{ exists: boolean }, { email: string }>(pending),
        checkServiceArea: fromPromise<ServiceAreaAnswer, { zip: string }>(pending),
        loadAvailability: fromPromise<Record<string, boolean>, { date: string }>(pending),
      },
    }),
    { input: { language: "en", today: "2030-01-07", origin: "http://localhost:4201", form, ...patch } },
  );
}
