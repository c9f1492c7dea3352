// Steps 2 to 5 of the sign-up, and the language switch: what a failed Continue shows, what an edit clears,
// how step 4 follows the pickup-day answers (product.md PICK-1), and what the switch changes. The server calls
// never answer by themselves: each test sends their outcomes.
import { describe, expect, it } from "vitest";
import { stepOf, type SignupEmitted, type SignupInput } from "#machines/signup.machine";
import type { SignupForm } from "#domain/signup-form";
import { pendingSignupActor } from "./helpers/pending-signup";
import { validSignupForm } from "../fixtures/signup-form";

function start(form: SignupForm, patch: Partial<SignupInput> = {}) {
  const actor = pendingSignupActor(form, patch);
  const emitted: SignupEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  return { actor: actor.start(), emitted };
}

const daysLoaded = (availability: Record<string, boolean>) => ({ type: "xstate.done.actor.loadAvailability", output: availability }) as never;
const daysFailed = { type: "xstate.error.actor.loadAvailability", error: new Error("API Error: 500") } as never;

describe("a failed Continue shows each missing answer, and the next step opens without old errors", () => {
  it("on steps 2 to 5: the field's message key, and a toast listing it", () => {
    const cases: Array<[number, Partial<SignupForm>, Record<string, string>]> = [
      [2, { detergent: "" }, { detergent: "detergentRequired" }],
      [3, { fabricSoftener: null }, { fabricSoftener: "softenerRequired" }],
      [5, { buildingType: "apartment" }, { "building.unit": "unitRequired" }],
    ];
    for (const [step, patch, errors] of cases) {
      const { actor, emitted } = start(validSignupForm(patch), { restoreStep: step });
      expect(stepOf(actor.getSnapshot()), `step ${step}`).toBe(step);
      actor.send({ type: "step.next" });
      expect(stepOf(actor.getSnapshot()), `step ${step}`).toBe(step);
      expect(actor.getSnapshot().context.errors, `step ${step}`).toEqual(errors);
      expect(emitted, `step ${step}`).toEqual([{ type: "validation.failed", keys: Object.values(errors) }]);
    }
  });

  it("on step 4: two pickup days are needed", () => {
    const { actor, emitted } = start(validSignupForm({ picks: [] }), { restoreStep: 4 });
    actor.send({ type: "step.next" });
    expect(stepOf(actor.getSnapshot())).toBe(4);
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["picks"]);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: "validation.failed", keys: Object.values(actor.getSnapshot().context.errors) });
  });

  it("Back and Continue again: step 5 opens clean, not with the message of the Continue before", () => {
    const { actor } = start(validSignupForm({ buildingType: "apartment" }), { restoreStep: 5 });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().context.errors).not.toEqual({});
    actor.send({ type: "step.back" });
    actor.send(daysLoaded({ "2030-01-09": true, "2030-01-12": true }));
    actor.send({ type: "step.next" });
    expect(stepOf(actor.getSnapshot())).toBe(5);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe("step 5: the building details", () => {
  it("keeps each detail as typed and clears that detail's error only", () => {
    const { actor } = start(validSignupForm({ buildingType: "business" }), { restoreStep: 5 });
    actor.send({ type: "step.next" });
    const before = actor.getSnapshot().context.errors;
    expect(Object.keys(before)).toContain("building.businessName");
    actor.send({ type: "building.changed", field: "businessName", value: "Café Brickell" });
    actor.send({ type: "building.changed", field: "gateCode", value: "1234" });
    const { form, errors } = actor.getSnapshot().context;
    expect(form.building).toMatchObject({ businessName: "Café Brickell", gateCode: "1234" });
    const { "building.businessName": _cleared, ...others } = before;
    expect(errors).toEqual(others);
  });
});

describe("step 4 follows the pickup-day answers", () => {
  it("coming back to step 4 drops the picked days that have no room any more", () => {
    const { actor } = start(validSignupForm({ picks: ["2030-01-09", "2030-01-12"] }), { restoreStep: 4 });
    expect(actor.getSnapshot().matches({ step4: "loading" })).toBe(true);
    actor.send(daysLoaded({ "2030-01-09": true, "2030-01-12": false, "2030-01-13": true }));
    expect(actor.getSnapshot().matches({ step4: "loaded" })).toBe(true);
    expect(actor.getSnapshot().context.form.picks).toEqual(["2030-01-09"]);
  });

  it("a failed call shows no days and drops the picks, as a week without room", () => {
    // Coming back to step 4 with two picks: the call for their start date fails.
    const { actor } = start(validSignupForm(), { restoreStep: 4 });
    expect(actor.getSnapshot().context.form.picks).toHaveLength(2);
    actor.send(daysFailed);
    expect(actor.getSnapshot().matches({ step4: "empty" })).toBe(true);
    expect(actor.getSnapshot().context.availability).toEqual({});
    expect(actor.getSnapshot().context.form.picks).toEqual([]);
  });
});

describe("the language switch", () => {
  it("changes the language the machine keeps (the messages' and the client's), on the same step", () => {
    const { actor } = start(validSignupForm(), { restoreStep: 3 });
    actor.send({ type: "language.changed", language: "es" });
    expect(actor.getSnapshot().context.language).toBe("es");
    expect(stepOf(actor.getSnapshot())).toBe(3);
  });
});

describe("the browser's Forward from step 4", () => {
  /** On step 4 with step 1 checked, the days loaded and the picks changed to 14 and 10 January. */
  function onStep4WithNewPicks() {
    const { actor } = start(validSignupForm(), { restoreStep: 1 });
    actor.send({ type: "step.next" });
    actor.send({ type: "xstate.done.actor.checkEmail", output: { exists: false } } as never);
    actor.send({ type: "xstate.done.actor.checkServiceArea", output: true } as never);
    actor.send({ type: "step.visit", step: 4 });
    expect(stepOf(actor.getSnapshot())).toBe(4);
    actor.send(daysLoaded(Object.fromEntries(["2030-01-09", "2030-01-10", "2030-01-12", "2030-01-14"].map((d) => [d, true]))));
    for (const date of ["2030-01-09", "2030-01-12", "2030-01-14", "2030-01-10"]) actor.send({ type: "date.toggled", date });
    expect(actor.getSnapshot().context.form.picks).toEqual(["2030-01-14", "2030-01-10"]);
    return actor;
  }

  it("to step 5 or 6 puts the new pickup days in order, as Continue does", () => {
    for (const step of [5, 6]) {
      const actor = onStep4WithNewPicks();
      actor.send({ type: "step.visit", step });
      expect(stepOf(actor.getSnapshot()), `Forward to ${step}`).toBe(step);
      expect(actor.getSnapshot().context.form, `Forward to ${step}`).toMatchObject({ startdate: "2030-01-10", pickupone: "2030-01-10", pickuptwo: "2030-01-14" });
    }
  });
});
