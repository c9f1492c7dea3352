// Restoring a saved form (the tab's mirror, or resume=1): the wizard reopens on the saved step only when
// every step before it is valid, and otherwise on the earliest step that is not.
import { describe, expect, it } from "vitest";
import { getInitialSnapshot } from "xstate";
import { signupMachine, stepOf, stepsValidBefore, type SignupInput } from "#machines/signup.machine";
import type { SignupForm } from "#domain/signup-form";
import { validAddress, validSignupForm as validForm } from "../fixtures/signup-form";
import { pendingSignupActor } from "./helpers/pending-signup";

const input: SignupInput = { language: "en", today: "2030-01-07", origin: "http://localhost:4201" };


/** The form with exactly one step's answer missing. */
const brokenAt: Record<1 | 2 | 3 | 4 | 5, (form: SignupForm) => SignupForm> = {
  1: (form) => ({ ...form, firstName: "" }),
  2: (form) => ({ ...form, detergent: "" }),
  3: (form) => ({ ...form, fabricSoftener: null }),
  4: (form) => ({ ...form, picks: [] }),
  5: (form) => ({ ...form, buildingType: "" }),
};

const reopenedStep = (form: SignupForm, restoreStep: number) => stepOf(getInitialSnapshot(signupMachine, { ...input, form, restoreStep }));

describe("restoring a form", () => {
  it("reopens a valid form on its saved step, whichever it is", () => {
    for (const step of [1, 2, 3, 4, 5, 6]) expect(reopenedStep(validForm(), step), `saved on step ${step}`).toBe(step);
  });

  it("reopens on the earliest invalid step before the saved one, checking every earlier step", () => {
    for (const broken of [1, 2, 3, 4, 5] as const) {
      const form = brokenAt[broken](validForm());
      expect(reopenedStep(form, 6), `step ${broken} invalid, saved on 6`).toBe(broken);
      // Saved on the broken step itself: only the steps before it must be valid.
      expect(reopenedStep(form, broken), `step ${broken} invalid, saved on it`).toBe(broken);
    }
  });

  it("with two invalid steps, reopens on the first", () => {
    expect(reopenedStep(brokenAt[4](brokenAt[2](validForm())), 6)).toBe(2);
    expect(reopenedStep(brokenAt[5](brokenAt[3](validForm())), 6)).toBe(3);
  });

  it("an invalid step after the saved one does not matter", () => {
    expect(reopenedStep(brokenAt[5](validForm()), 3)).toBe(3);
    expect(reopenedStep(brokenAt[4](validForm()), 4)).toBe(4);
  });

  it("sorts the picks when it reopens on step 5 or 6", () => {
    for (const step of [5, 6]) {
      const snapshot = getInitialSnapshot(signupMachine, { ...input, form: validForm(), restoreStep: step });
      expect(snapshot.context.form).toMatchObject({ startdate: "2030-01-09", pickupone: "2030-01-09", pickuptwo: "2030-01-12" });
    }
    expect(getInitialSnapshot(signupMachine, { ...input, form: validForm(), restoreStep: 4 }).context.form.pickupone).toBe("");
  });

  it("stepsValidBefore checks every step before the given one and none after", () => {
    for (const broken of [1, 2, 3, 4, 5] as const) {
      const form = brokenAt[broken](validForm());
      for (let step = 1; step <= 6; step++) expect(stepsValidBefore(form, step), `step ${broken} invalid, before ${step}`).toBe(step <= broken);
    }
    expect(stepsValidBefore(validForm(), 6)).toBe(true);
  });
});

describe("the browser's history after a reload", () => {
  /** A form reopened on `step` after a reload (the tab's mirror), its calls pending. */
  const reloadedOn = (step: number, form: SignupForm = validForm()) => pendingSignupActor(form, { restoreStep: step }).start();
  const visit = (step: number) => ({ type: "step.visit", step }) as const;

  it("Forward reopens a later step the visitor had reached: the restored e-mail and ZIP count as checked", () => {
    // Back to step 2, a reload there, then Forward to step 3 (and on).
    const actor = reloadedOn(2);
    expect(actor.getSnapshot().context.checked).toEqual({ email: "ana@example.com", zip: "33131" });
    actor.send(visit(3));
    expect(stepOf(actor.getSnapshot())).toBe(3);
    actor.send(visit(5));
    expect(stepOf(actor.getSnapshot())).toBe(5);
    // The same from every step a form reopens on past step 1.
    for (const step of [3, 4, 5, 6]) expect(reloadedOn(step).getSnapshot().context.checked, `reopened on ${step}`).toEqual({ email: "ana@example.com", zip: "33131" });
  });

  it("a form reopened on step 1 was never checked: Forward waits for its checks", () => {
    const actor = reloadedOn(1);
    expect(actor.getSnapshot().context.checked).toEqual({ email: null, zip: null });
    actor.send(visit(2));
    expect(stepOf(actor.getSnapshot())).toBe(1);
  });

  it("an e-mail or ZIP edited after the reload is checked again before Forward may pass step 1", () => {
    const email = reloadedOn(2);
    email.send(visit(1));
    email.send({ type: "email.changed", value: "ben@example.com" });
    email.send(visit(2));
    expect(stepOf(email.getSnapshot())).toBe(1);

    const zip = reloadedOn(3);
    zip.send(visit(1));
    zip.send({ type: "address.changed", address: { ...validAddress(), zip: "33139" } });
    zip.send(visit(3));
    expect(stepOf(zip.getSnapshot())).toBe(1);
  });
});
