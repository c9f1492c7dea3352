// The sign-up machine, model-based: every reachable state and every transition, with what must hold in each.
import type { ServiceAreaAnswer } from "#contract/calls";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, getNextSnapshot, type EventObject, type SnapshotFrom } from "xstate";
import { ApiRequestError } from "../../src/api/client";
import { signupMachine, stepOf, type SignupEvent, type SignupInput } from "#machines/signup.machine";
import { emptySignupForm, stepErrors, type AddressDraft, type SignupForm } from "#domain/signup-form";
import { validAddress, validSignupForm as validForm } from "../fixtures/signup-form";
import { describeCoverage, getShortestPaths, replayCoverage, sequencesCoveringAllTransitions, uncovered, type Coverage } from "./helpers/model";

type Snapshot = SnapshotFrom<typeof signupMachine>;
/** Any event, the actors' outcomes included (they carry output or error). */
type Ev = EventObject & Record<string, unknown>;

const TODAY = "2030-01-07"; // a Monday
const input: SignupInput = { language: "en", today: TODAY, origin: "http://localhost:4201" };
const address: AddressDraft = validAddress();
const week = ["2030-01-08", "2030-01-09", "2030-01-10", "2030-01-11", "2030-01-12", "2030-01-13", "2030-01-14"];
const allAvailable = Object.fromEntries(week.map((d) => [d, true]));
const noneAvailable = Object.fromEntries(week.map((d) => [d, false]));

const apiError = (code?: string) => new ApiRequestError(409, "Conflict", code);

/** Step 1 is filled in one order (the first invalid field next), which keeps the traversal small. */
const fillEvents = (form: SignupForm): SignupEvent[] => {
  const errors = stepErrors(1, form);
  if (errors.firstName) return [{ type: "field.changed", field: "firstName", value: "Ana" }];
  if (errors.lastName) return [{ type: "field.changed", field: "lastName", value: "Díaz" }];
  if (errors.phone) return [{ type: "field.changed", field: "phone", value: "(305) 555-1234" }];
  if (errors.email) return [{ type: "email.changed", value: "Ana@Example.com " }];
  if (errors["address.street"] || errors["address.zip"] || errors["address.city"]) return [{ type: "address.changed", address }, { type: "address.selected", address }];
  if (errors.consent) return [{ type: "consent.changed", value: true }];
  if (errors.terms) return [{ type: "terms.changed", value: true }];
  return [];
};

const outcomes: Record<string, Ev[]> = {
  "xstate.done.actor.checkEmail": [
    { type: "xstate.done.actor.checkEmail", output: { exists: false } },
    { type: "xstate.done.actor.checkEmail", output: { exists: true } },
  ],
  "xstate.error.actor.checkEmail": [{ type: "xstate.error.actor.checkEmail", error: new Error("API Error: 500 Internal Server Error") }],
  "xstate.done.actor.checkServiceArea": [
    { type: "xstate.done.actor.checkServiceArea", output: true },
    { type: "xstate.done.actor.checkServiceArea", output: false },
  ],
  "xstate.error.actor.checkServiceArea": [{ type: "xstate.error.actor.checkServiceArea", error: new Error("API Error: 500 Internal Server Error") }],
  "xstate.done.actor.loadAvailability": [
    { type: "xstate.done.actor.loadAvailability", output: allAvailable },
    { type: "xstate.done.actor.loadAvailability", output: noneAvailable },
  ],
  "xstate.error.actor.loadAvailability": [{ type: "xstate.error.actor.loadAvailability", error: new Error("API Error: 500 Internal Server Error") }],
  "xstate.done.actor.saveCheckout": [{ type: "xstate.done.actor.saveCheckout" }],
  "xstate.error.actor.saveCheckout": [{ type: "xstate.error.actor.saveCheckout", error: new Error("QuotaExceededError") }],
  "xstate.done.actor.createCheckout": [
    { type: "xstate.done.actor.createCheckout", output: "http://localhost:4201/sandbox/checkout/cs_1" },
    { type: "xstate.done.actor.createCheckout", output: "https://evil.example/pay" },
  ],
  "xstate.error.actor.createCheckout": [
    { type: "xstate.error.actor.createCheckout", error: apiError("day_full") },
    { type: "xstate.error.actor.createCheckout", error: apiError("area_unavailable") },
    { type: "xstate.error.actor.createCheckout", error: apiError("client_active") },
    { type: "xstate.error.actor.createCheckout", error: new Error("API Error: 500 Internal Server Error") },
  ],
  "xstate.error.actor.redirect": [{ type: "xstate.error.actor.redirect", error: new Error("blocked") }],
  // Still on the page LEAVING_PATIENCE_MS after leaving for the payment page.
  "xstate.after.leavingPatience.signup.step6.checkout.redirecting": [{ type: "xstate.after.leavingPatience.signup.step6.checkout.redirecting" }],
};

const byStep: Record<number, (s: Snapshot) => Ev[]> = {
  1: (s) => [
    ...fillEvents(s.context.form),
    { type: "step.next" },
    ...outcomes["xstate.done.actor.checkEmail"]!,
    ...outcomes["xstate.error.actor.checkEmail"]!,
    ...outcomes["xstate.done.actor.checkServiceArea"]!,
    ...outcomes["xstate.error.actor.checkServiceArea"]!,
  ],
  2: () => [{ type: "detergent.changed", value: "scented" }, { type: "step.next" }, { type: "step.back" }],
  3: () => [{ type: "softener.changed", value: false }, { type: "step.next" }, { type: "step.back" }],
  4: () => [
    { type: "date.start", date: "2030-01-08" },
    { type: "date.start", date: "2030-01-06" }, // yesterday: refused
    { type: "date.toggled", date: "2030-01-09" },
    { type: "date.toggled", date: "2030-01-12" },
    { type: "date.toggled", date: "2030-01-14" },
    { type: "step.next" },
    { type: "step.back" },
    ...outcomes["xstate.done.actor.loadAvailability"]!,
    ...outcomes["xstate.error.actor.loadAvailability"]!,
  ],
  5: () => [
    { type: "building.type.changed", value: "house" },
    { type: "building.type.changed", value: "apartment" },
    { type: "building.type.changed", value: "business" },
    { type: "building.changed", field: "unit", value: "4B" },
    { type: "building.changed", field: "businessName", value: "Café Brickell" },
    { type: "step.next" },
    { type: "step.back" },
  ],
  6: () => [
    { type: "step.next" },
    { type: "step.back" },
    { type: "page.restored" },
    ...Object.entries(outcomes).filter(([type]) => /saveCheckout|createCheckout|redirect|leavingPatience/.test(type)).flatMap(([, list]) => list),
  ],
};

/** The browser's Back (Forward and longer jumps are replayed apart, below: searching them among all paths is slow). */
const visits = (s: Snapshot): Ev[] => (stepOf(s) > 1 ? [{ type: "step.visit", step: stepOf(s) - 1 }] : []);
/** The review's Edit links (from step 6). */
const edits: Ev[] = [1, 2, 3, 4, 5].map((step) => ({ type: "review.edit", step }));

const eventsFor = (s: Snapshot) => [...byStep[stepOf(s)]!(s), ...visits(s), ...(stepOf(s) === 6 ? edits : [])] as SignupEvent[];

/** Only what matters: the state, and a digest of the data of the steps up to the current one. */
const serializeState = (s: Snapshot) => {
  const f = s.context.form;
  const step = stepOf(s);
  const digest: unknown[] = [s.value, s.context.checks, Object.keys(s.context.errors).length > 0, s.context.editing];
  if (step === 1) digest.push(f.firstName, f.lastName, f.phone, f.email, f.address.zip, f.consent, f.terms);
  if (step >= 2 && step <= 3) digest.push(f.detergent, f.fabricSoftener);
  if (step === 4) digest.push(f.startDate, [...f.picks].sort(), Object.values(s.context.availability).some(Boolean));
  if (step >= 5) digest.push(f.buildingType, f.building.unit, f.building.businessName);
  return JSON.stringify(digest);
};

/** Variants walked only to cover the transitions the shortest paths miss. */
const variants: Ev[] = [
  { type: "email.changed", value: "ana@" },
  { type: "email.changed", value: "ana@example.com" },
  { type: "address.changed", address: { ...address, zip: "3313" } },
  { type: "address.changed", address: { ...address, street: "101 Main St" } },
  { type: "address.changed", address },
  { type: "address.selected", address: { ...address, zip: "331" } },
  { type: "address.selected", address },
  { type: "language.changed", language: "es" },
  { type: "field.changed", field: "firstName", value: "Ana" },
  { type: "consent.changed", value: true },
  { type: "terms.changed", value: true },
  ...edits,
];

const allEventsOfType = (type: string): Ev[] => {
  const seen = new Map<string, Ev>();
  const full: SignupForm = { ...emptySignupForm() };
  const samples = [1, 2, 3, 4, 5, 6].flatMap((step) => byStep[step]!({ context: { form: full } } as Snapshot));
  for (const e of [...variants, ...samples, ...Object.values(outcomes).flat()]) {
    if (e.type === type) seen.set(JSON.stringify(e, (_, v) => (v instanceof Error ? v.message + (v as ApiRequestError).code : v)), e);
  }
  return [...seen.values()];
};

/** What must hold in every state the wizard can be in. */
function assertInvariants(s: Snapshot) {
  const step = stepOf(s);
  const form = s.context.form;
  // Never past a step whose data is invalid.
  for (let previous = 1; previous < step; previous++) expect(stepErrors(previous as 1, form), `step ${previous} valid on step ${step}`).toEqual({});
  // Exactly two dates from step 5 on, sorted into startdate, pickupone, pickuptwo.
  if (step >= 5) {
    expect(form.picks).toHaveLength(2);
    expect(form.pickupone < form.pickuptwo).toBe(true);
    expect(form.startdate).toBe(form.pickupone);
    expect([form.pickupone, form.pickuptwo]).toEqual([...form.picks].sort());
  }
  // Picks are at most two and always among the loaded available days.
  expect(form.picks.length).toBeLessThanOrEqual(2);
  if (s.matches({ step4: "loaded" })) for (const d of form.picks) expect(s.context.availability[d]).toBe(true);
  // Busy means no navigation: Back and Continue change no step.
  if (s.hasTag("busy")) {
    expect(s.can({ type: "step.back" })).toBe(false);
    expect(stepOf(getNextSnapshot(signupMachine, s, { type: "step.back" }))).toBe(step);
    expect(stepOf(getNextSnapshot(signupMachine, s, { type: "step.next" }))).toBe(step);
  }
  // Nor does the browser's history move a busy wizard.
  if (s.hasTag("busy")) for (const n of [1, 2, 3, 4, 5, 6]) expect(stepOf(getNextSnapshot(signupMachine, s, { type: "step.visit", step: n }))).toBe(step);
  // Only a step opened from the review is being edited.
  if (step === 6) expect(s.context.editing).toBe(false);
  // Back is disabled on step 1.
  if (step === 1) expect(s.can({ type: "step.back" })).toBe(false);
  // An e-mail known taken or an area known unserved is mirrored for the validation messages.
  expect(s.context.checks.emailTaken).toBe(s.matches({ step1: { email: "taken" } }));
  expect(s.context.checks.areaUnavailable).toBe(s.matches({ step1: { area: "unavailable" } }));
}


describe("signup machine (model)", () => {
  it("reaches every state and takes every transition, with the invariants holding everywhere", () => {
    const started = Date.now();
    const paths = getShortestPaths(signupMachine, { input, events: eventsFor, serializeState });
    console.log(`${paths.length} shortest paths in ${Date.now() - started} ms`);
    // Every reachable (serialized) state is the end of one shortest path, so this checks them all.
    for (const path of paths) assertInvariants(path.state);
    const sequences = sequencesCoveringAllTransitions(signupMachine, paths, allEventsOfType, input);
    const coverage: Coverage = replayCoverage(signupMachine, sequences, input);
    // Restoring a form reopens its step (eventless transitions out of `start`): one replay per restore step.
    for (const restoreStep of [2, 3, 4, 5, 6]) {
      const restored = replayCoverage(signupMachine, [[]], { ...input, form: validForm(), restoreStep });
      restored.states.forEach((id) => coverage.states.add(id));
      restored.transitions.forEach((key) => coverage.transitions.add(key));
      coverage.paths += 1;
    }
    // A tampered restored form can pass the steps' checks but not the client's (an impossible date): Continue refuses it.
    const tampered = replayCoverage(signupMachine, [[{ type: "step.next" }]], {
      ...input,
      form: { ...validForm(), picks: ["2030-02-30", "2030-02-31"] },
      restoreStep: 6,
    });
    tampered.transitions.forEach((key) => coverage.transitions.add(key));
    // A restored step 1 whose e-mail and ZIP were never checked: Continue checks both (the memo is empty).
    const unchecked = replayCoverage(signupMachine, [[{ type: "step.next" }]], { ...input, form: validForm(), restoreStep: 1 });
    unchecked.transitions.forEach((key) => coverage.transitions.add(key));
    // /signup?zip=<zip> (product.md AREA-3): step 1 opens checking the ZIP that came with the address.
    const withZip = replayCoverage(signupMachine, [[]], { ...input, zip: "33131" });
    withZip.transitions.forEach((key) => coverage.transitions.add(key));
    // Continue on step 1 once its checks answer (the history may reach step 2 sooner, so the shortest paths skip it),
    // and the same from the review's Edit link, which returns to the review.
    const settle: Ev[] = [outcomes["xstate.done.actor.checkEmail"]![0]!, outcomes["xstate.done.actor.checkServiceArea"]![0]!];
    const visit = (step: number): Ev => ({ type: "step.visit", step });
    for (const [restoreStep, events] of [
      [1, [{ type: "step.next" }, ...settle]],
      // The history: from step 2 Forward to every later step, then Back to every earlier one.
      [1, [{ type: "step.next" }, ...settle, visit(6), visit(5), visit(4), visit(3), visit(2), visit(1), visit(2)]],
      [6, [{ type: "review.edit", step: 1 }, { type: "step.next" }, ...settle]],
    ] as Array<[number, Ev[]]>) {
      const replay = replayCoverage(signupMachine, [events], { ...input, form: validForm(), restoreStep });
      replay.transitions.forEach((key) => coverage.transitions.add(key));
    }
    console.log(`${describeCoverage("signup.machine", signupMachine, coverage)} (${paths.length} shortest paths)`);
    expect(uncovered(signupMachine, coverage)).toEqual({ states: [], transitions: [] });
  }, 60_000);
});

describe("signup machine: what the new transitions do", () => {
  const start = (patch: Partial<SignupInput> = {}) => {
    const actor = createActor(
      signupMachine.provide({
        actors: {
          checkEmail: fromPromise<{ exists: boolean }, { email: string }>(() => new Promise(() => {})),
          checkServiceArea: fromPromise<ServiceAreaAnswer, { zip: string }>(() => new Promise(() => {})),
          loadAvailability: fromPromise<Record<string, boolean>, { date: string }>(() => new Promise(() => {})),
        },
      }),
      { input: { ...input, ...patch } },
    );
    actor.start();
    return actor;
  };

  it("a failed e-mail check says nothing of the e-mail (unknown, not free) and blocks nothing", () => {
    const actor = start({ form: validForm(), restoreStep: 1 });
    actor.send({ type: "step.next" });
    actor.send({ type: "xstate.error.actor.checkEmail", error: new Error("API Error: 503 Service Unavailable") } as never);
    expect(actor.getSnapshot().matches({ step1: { email: "unknown" } })).toBe(true);
    expect(actor.getSnapshot().context.checks.emailTaken).toBe(false);
    actor.send({ type: "xstate.done.actor.checkServiceArea", output: true } as never);
    expect(stepOf(actor.getSnapshot())).toBe(2);
  });

  it("Continue on step 1 checks the e-mail and ZIP once; a second Continue with the same inputs does not check again", () => {
    const actor = start({ form: validForm(), restoreStep: 1 });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().matches({ step1: { email: "checking", area: "checking" } })).toBe(true);
    actor.send({ type: "xstate.done.actor.checkEmail", output: { exists: false } } as never);
    actor.send({ type: "xstate.done.actor.checkServiceArea", output: true } as never);
    expect(stepOf(actor.getSnapshot())).toBe(2);
    actor.send({ type: "step.visit", step: 1 });
    expect(stepOf(actor.getSnapshot())).toBe(1);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().hasTag("checking")).toBe(false);
    expect(stepOf(actor.getSnapshot())).toBe(2);
    // A changed ZIP is checked again, the unchanged e-mail is not.
    actor.send({ type: "step.visit", step: 1 });
    actor.send({ type: "address.changed", address: { ...address, zip: "3313" } });
    actor.send({ type: "address.changed", address: { ...address, zip: "33139" } });
    expect(actor.getSnapshot().matches({ step1: { email: "idle", area: "checking" } })).toBe(true);
  });

  it("/signup?zip=<zip> opens step 1 with the ZIP filled in and checked once; the answer's area, delivery time and coming-soon are kept", () => {
    const actor = start({ zip: "33131" });
    expect(actor.getSnapshot().context.form.address.zip).toBe("33131");
    expect(actor.getSnapshot().matches({ step1: { area: "checking" } })).toBe(true);
    actor.send({ type: "xstate.done.actor.checkServiceArea", output: { available: true, area: "Downtown & Brickell", deliveryTime: "same-day" } } as never);
    expect(actor.getSnapshot().matches({ step1: { area: "available" } })).toBe(true);
    expect(actor.getSnapshot().context.areaAnswer).toEqual({ area: "Downtown & Brickell", deliveryTime: "same-day", comingSoon: undefined });
    // A coming-soon ZIP is not served, and says which area is coming.
    actor.send({ type: "address.changed", address: { ...actor.getSnapshot().context.form.address, zip: "33180" } });
    expect(actor.getSnapshot().context.areaAnswer).toBeNull();
    actor.send({ type: "xstate.done.actor.checkServiceArea", output: { available: false, comingSoon: true, area: "Aventura" } } as never);
    expect(actor.getSnapshot().matches({ step1: { area: "unavailable" } })).toBe(true);
    expect(actor.getSnapshot().context.areaAnswer).toEqual({ area: "Aventura", deliveryTime: undefined, comingSoon: true });
    // Checked once: back on step 1 from step 2, the ZIP that came with the address is not checked again.
    const once = start({ zip: "33131", form: validForm(), restoreStep: 1 });
    once.send({ type: "xstate.done.actor.checkServiceArea", output: true } as never);
    once.send({ type: "step.next" });
    once.send({ type: "xstate.done.actor.checkEmail", output: { exists: false } } as never);
    expect(stepOf(once.getSnapshot())).toBe(2);
    once.send({ type: "step.back" });
    expect(stepOf(once.getSnapshot())).toBe(1);
    expect(once.getSnapshot().matches({ step1: { area: "checking" } })).toBe(false);
    // A malformed ZIP in the address is ignored: nothing filled in, nothing checked.
    for (const zip of ["3313x", "x33131", "331310"]) {
      const plain = start({ zip });
      expect(plain.getSnapshot().context.form.address.zip, zip).toBe("");
      expect(plain.getSnapshot().matches({ step1: { area: "idle" } }), zip).toBe(true);
      // Nor does it make step 1 check the ZIP of a form the tab kept.
      const mirrored = start({ zip, form: validForm(), restoreStep: 1 });
      expect(mirrored.getSnapshot().context.form.address.zip, zip).toBe("33131");
      expect(mirrored.getSnapshot().matches({ step1: { area: "idle" } }), zip).toBe(true);
    }
  });

  it("Pay with a form that makes no valid client stays on the review, and the toast lists each problem once", () => {
    // Two days the calendar does not have: every step passes (a pick is only yyyy-mm-dd there), the client does not.
    const actor = start({ form: validForm({ picks: ["2030-02-30", "2030-02-31"] }), restoreStep: 6 });
    const emitted: unknown[] = [];
    actor.on("validation.failed", (event) => emitted.push(event));
    expect(stepOf(actor.getSnapshot())).toBe(6);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().matches({ step6: "review" })).toBe(true);
    expect(emitted).toEqual([{ type: "validation.failed", keys: ["dateInvalid"] }]);
  });

  it("an Edit link opens its step, and Continue there returns to the review", () => {
    const actor = start({ form: validForm(), restoreStep: 6 });
    expect(stepOf(actor.getSnapshot())).toBe(6);
    actor.send({ type: "review.edit", step: 2 });
    expect(stepOf(actor.getSnapshot())).toBe(2);
    actor.send({ type: "detergent.changed", value: "scented" });
    actor.send({ type: "step.next" });
    expect(stepOf(actor.getSnapshot())).toBe(6);
    expect(actor.getSnapshot().context.form.detergent).toBe("scented");
    // Without an Edit link, Continue goes on to the next step as before.
    actor.send({ type: "step.back" });
    actor.send({ type: "step.back" });
    actor.send({ type: "step.back" });
    actor.send({ type: "step.back" });
    expect(stepOf(actor.getSnapshot())).toBe(2);
    actor.send({ type: "step.next" });
    expect(stepOf(actor.getSnapshot())).toBe(3);
  });

  it("the history reopens an earlier step, and a later one only over valid steps", () => {
    const actor = start();
    actor.send({ type: "step.visit", step: 3 });
    expect(stepOf(actor.getSnapshot())).toBe(1);
    const restored = start({ form: validForm(), restoreStep: 6 });
    restored.send({ type: "step.visit", step: 5 });
    expect(stepOf(restored.getSnapshot())).toBe(5);
    // Forward needs step 1's checks for the e-mail and ZIP as they are: a form reopened past step 1 passed them in
    // this tab, so Forward reopens the review it had reached (decision 025; it was refused after a reload before).
    restored.send({ type: "step.visit", step: 6 });
    expect(stepOf(restored.getSnapshot())).toBe(6);
    // An e-mail edited since is checked first: Forward waits.
    restored.send({ type: "step.visit", step: 1 });
    restored.send({ type: "email.changed", value: "ben@example.com" });
    restored.send({ type: "step.visit", step: 2 });
    expect(stepOf(restored.getSnapshot())).toBe(1);
  });

  it("step 4 tells the view when a third pick dropped the oldest and when a new start date cleared the picks", () => {
    const actor = start({ form: validForm(), restoreStep: 4 });
    expect(stepOf(actor.getSnapshot())).toBe(4);
    actor.send({ type: "xstate.done.actor.loadAvailability", output: allAvailable } as never);
    const picks = actor.getSnapshot().context.form.picks;
    expect(picks).toHaveLength(2);
    expect(actor.getSnapshot().context.pickNotice).toBeNull();
    // Clearing a pick and ticking a second one says nothing.
    actor.send({ type: "date.toggled", date: picks[1]! });
    actor.send({ type: "date.toggled", date: "2030-01-13" });
    expect(actor.getSnapshot().context.pickNotice).toBeNull();
    // A third pick drops the oldest one, which the view announces.
    actor.send({ type: "date.toggled", date: "2030-01-14" });
    expect(actor.getSnapshot().context.form.picks).toEqual(["2030-01-13", "2030-01-14"]);
    expect(actor.getSnapshot().context.pickNotice).toEqual({ kind: "dropped", date: picks[0] });
    actor.send({ type: "date.toggled", date: "2030-01-14" });
    expect(actor.getSnapshot().context.pickNotice).toBeNull();
    actor.send({ type: "date.toggled", date: "2030-01-10" });
    // The same start date keeps the picks; another one clears them, and says which.
    const startDate = actor.getSnapshot().context.form.startDate;
    actor.send({ type: "date.start", date: startDate });
    expect(actor.getSnapshot().context.form.picks).toEqual(["2030-01-13", "2030-01-10"]);
    actor.send({ type: "date.start", date: "2030-01-20" });
    expect(actor.getSnapshot().context.form.picks).toEqual([]);
    expect(actor.getSnapshot().context.pickNotice).toEqual({ kind: "cleared", dates: ["2030-01-13", "2030-01-10"] });
    // A new start date with nothing picked says nothing; leaving the step forgets the announcement.
    actor.send({ type: "date.start", date: "2030-01-21" });
    expect(actor.getSnapshot().context.pickNotice).toBeNull();
    actor.send({ type: "date.start", date: "2030-01-20" });
    actor.send({ type: "xstate.done.actor.loadAvailability", output: Object.fromEntries(["2030-01-21", "2030-01-22"].map((d) => [d, true])) } as never);
    actor.send({ type: "date.toggled", date: "2030-01-21" });
    actor.send({ type: "date.start", date: "2030-01-22" });
    expect(actor.getSnapshot().context.pickNotice).not.toBeNull();
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().context.pickNotice).toBeNull();
  });
});
