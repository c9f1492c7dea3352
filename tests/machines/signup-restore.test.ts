// Restoring a saved form (the tab's mirror, or resume=1): the wizard reopens on the saved step only when
// every step before it is valid, and otherwise on the earliest step that is not.
import { describe, expect, it } from "vitest";
import { getInitialSnapshot } from "xstate";
import { signupMachine, stepOf, stepsValidBefore, type SignupInput } from "#machines/signup.machine";
import type { SignupForm } from "#domain/signup-form";
import { validSignupForm as validForm } from "../fixtures/signup-form";

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
