// Step 1 of the sign-up while its checks run: Continue and the browser's history wait for both checks, and
// editing the address clears the errors of the parts edited (product-spec.md: an error clears when its field
// is edited). The actors never answer: each test sends their outcomes itself, in the order it needs.
import { describe, expect, it } from "vitest";
import { stepOf, type SignupInput } from "#machines/signup.machine";
import type { SignupForm } from "#domain/signup-form";
import { pendingSignupActor } from "./helpers/pending-signup";
import { validAddress, validSignupForm } from "../fixtures/signup-form";

const emailFree = { type: "xstate.done.actor.checkEmail", output: { exists: false } } as never;
const areaServed = { type: "xstate.done.actor.checkServiceArea", output: true } as never;

function start(form: SignupForm = validSignupForm(), patch: Partial<SignupInput> = {}) {
  return pendingSignupActor(form, { restoreStep: 1, ...patch }).start();
}

describe("step 1: Continue and the history wait for both checks", () => {
  for (const [waitsFor, first, last] of [
    ["e-mail", areaServed, emailFree],
    ["area", emailFree, areaServed],
  ] as const) {
    it(`Continue waits for the ${waitsFor} check even when the other check has answered`, () => {
      const actor = start();
      actor.send({ type: "step.next" });
      actor.send(first);
      expect(stepOf(actor.getSnapshot())).toBe(1);
      expect(actor.getSnapshot().hasTag("busy")).toBe(true);
      // The view disables Continue while a check runs.
      expect(actor.getSnapshot().hasTag("checking")).toBe(true);
      actor.send(last);
      expect(stepOf(actor.getSnapshot())).toBe(2);
    });
  }

  /** On step 1 again (Back from step 2), both checks once passed for the form as it is. */
  function backOnStep1() {
    const actor = start();
    actor.send({ type: "step.next" });
    actor.send(emailFree);
    actor.send(areaServed);
    actor.send({ type: "step.visit", step: 1 });
    expect(stepOf(actor.getSnapshot())).toBe(1);
    return actor;
  }

  it("Forward does not leave step 1 while the new e-mail is being checked, nor while the new ZIP is", () => {
    // Checked and valid: Forward may reopen step 2 at once.
    const checked = backOnStep1();
    checked.send({ type: "step.visit", step: 2 });
    expect(stepOf(checked.getSnapshot())).toBe(2);

    const email = backOnStep1();
    email.send({ type: "email.changed", value: "ben@example.com" });
    expect(email.getSnapshot().matches({ step1: { email: "checking" } })).toBe(true);
    email.send({ type: "step.visit", step: 2 });
    expect(stepOf(email.getSnapshot())).toBe(1);

    const zip = backOnStep1();
    zip.send({ type: "address.changed", address: { ...validAddress(), zip: "33139" } });
    expect(zip.getSnapshot().matches({ step1: { area: "checking" } })).toBe(true);
    zip.send({ type: "step.visit", step: 2 });
    expect(stepOf(zip.getSnapshot())).toBe(1);
  });
});

describe("step 1: editing the address clears the errors of what was edited", () => {
  /** Continue on a step 1 without a first name nor an address: each field shows its error. */
  function withAddressErrors() {
    const actor = start(validSignupForm({ firstName: "", address: { ...validAddress(), street: "", zip: "", city: "" } }));
    actor.send({ type: "step.next" });
    actor.send(emailFree);
    expect(stepOf(actor.getSnapshot())).toBe(1);
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(["address.city", "address.street", "address.zip", "firstName"]);
    return actor;
  }
  const blank = { ...validAddress(), street: "", zip: "", city: "" };

  it("typing one part of the address clears that part's error only", () => {
    for (const [key, value] of [["street", "100 Main St"], ["zip", "331"], ["city", "Miami"]] as const) {
      const actor = withAddressErrors();
      actor.send({ type: "address.changed", address: { ...blank, [key]: value } });
      const others = ["address.city", "address.street", "address.zip"].filter((k) => k !== `address.${key}`);
      expect(Object.keys(actor.getSnapshot().context.errors).sort(), key).toEqual([...others, "firstName"]);
    }
  });

  it("picking a suggestion replaces the whole address, so its three errors clear, even of a part it leaves blank", () => {
    const actor = withAddressErrors();
    actor.send({ type: "address.selected", address: { ...validAddress(), zip: "" } });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["firstName"]);
  });
});

describe("step 1: a taken e-mail or an unserved ZIP blocks Continue until it changes", () => {
  it("a new e-mail lifts the block of a taken one, even before its own check answers", () => {
    const actor = start();
    actor.send({ type: "step.next" });
    actor.send({ type: "xstate.done.actor.checkEmail", output: { exists: true } } as never);
    actor.send(areaServed);
    expect(stepOf(actor.getSnapshot())).toBe(1);
    expect(actor.getSnapshot().context.checks.emailTaken).toBe(true);
    actor.send({ type: "email.changed", value: "ben@example.com" });
    expect(actor.getSnapshot().context.checks.emailTaken).toBe(false);
    actor.send(emailFree);
    actor.send({ type: "step.next" });
    expect(stepOf(actor.getSnapshot())).toBe(2);
  });

  it("a new ZIP lifts the block of an unserved one, even before its own check answers", () => {
    const actor = start();
    actor.send({ type: "step.next" });
    actor.send(emailFree);
    actor.send({ type: "xstate.done.actor.checkServiceArea", output: false } as never);
    expect(stepOf(actor.getSnapshot())).toBe(1);
    expect(actor.getSnapshot().context.checks.areaUnavailable).toBe(true);
    actor.send({ type: "address.changed", address: { ...validAddress(), zip: "33139" } });
    expect(actor.getSnapshot().context.checks.areaUnavailable).toBe(false);
    actor.send(areaServed);
    actor.send({ type: "step.next" });
    expect(stepOf(actor.getSnapshot())).toBe(2);
  });
});
