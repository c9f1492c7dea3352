// The machines make no call themselves: every effect is an actor the view provides (machine.provide). If a view
// forgets one, the machine's own stand-in must fail loudly and name the actor, so the developer sees which one
// is missing instead of a silent or anonymous failure.
import { describe, expect, it } from "vitest";
import { createActor, toPromise, type AnyActorLogic, type AnyStateMachine } from "xstate";
import { addressAutocompleteMachine } from "#machines/address-autocomplete.machine";
import { contactFormMachine } from "#machines/contact-form.machine";
import { newsletterMachine } from "#machines/newsletter.machine";
import { paymentCanceledMachine } from "#machines/payment-canceled.machine";
import { paymentSuccessMachine } from "#machines/payment-success.machine";
import { portalRedirectMachine } from "#machines/portal-redirect.machine";
import { signupMachine } from "#machines/signup.machine";
import { zipCheckMachine } from "#machines/zip-check.machine";

/** Each machine and the actors its view must provide (the others are the machine's own). */
const viewProvided: [string, AnyStateMachine, string[]][] = [
  ["address-autocomplete", addressAutocompleteMachine, ["loadPlaces"]],
  ["contact-form", contactFormMachine, ["sendContactForm"]],
  ["newsletter", newsletterMachine, ["subscribe"]],
  ["payment-canceled", paymentCanceledMachine, ["deleteClient", "returnToSignup"]],
  [
    "payment-success",
    paymentSuccessMachine,
    ["claimRun", "createOrder", "setActive", "sendWelcomeEmail", "trackConversion", "requestPortal", "openPortal"],
  ],
  ["portal-redirect", portalRedirectMachine, ["requestPortal", "redirect"]],
  ["signup", signupMachine, ["checkEmail", "checkServiceArea", "loadAvailability", "saveCheckout", "createCheckout", "redirect"]],
  ["zip-check", zipCheckMachine, ["checkArea", "joinWaitlist"]],
];

describe("an actor the view forgets to provide", () => {
  for (const [machineName, machine, actors] of viewProvided) {
    for (const name of actors) {
      it(`${machineName}: ${name} fails, naming itself`, async () => {
        const logic = (machine.implementations.actors as Record<string, AnyActorLogic | undefined>)[name];
        if (!logic) throw new Error(`${machineName} has no actor ${name}`);
        const actor = createActor(logic, { input: {} });
        const done = toPromise(actor);
        actor.start();
        await expect(done).rejects.toThrow(`${name} is not provided`);
      });
    }
  }
});
