// The sign-up machine, model-based: every reachable state and every transition, with what must hold in each.
import { describe, expect, it } from "vitest";
import { getNextSnapshot, type EventObject, type SnapshotFrom } from "xstate";
import { ApiRequestError } from "../../src/api/client";
import { signupMachine, stepOf, type SignupEvent, type SignupInput } from "../../machines/signup.machine";
import { emptySignupForm, stepErrors, type AddressDraft, type SignupForm } from "../../src/contract/signup-form";
import { describeCoverage, getShortestPaths, replayCoverage, sequencesCoveringAllTransitions, uncovered, type Coverage } from "./helpers/model";

type Snapshot = SnapshotFrom<typeof signupMachine>;
/** Any event, the actors' outcomes included (they carry output or error). */
type Ev = EventObject & Record<string, unknown>;

const TODAY = "2030-01-07"; // a Monday
const input: SignupInput = { language: "en", today: TODAY, origin: "http://localhost:4201" };
const address: AddressDraft = { street: "100 Main St", number: 100, zip: "33131", city: "Miami", state: "FL", country: "USA", formatted_address: "" };
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
    { type: "xstate.error.actor.createCheckout", error: apiError("email_taken") },
    { type: "xstate.error.actor.createCheckout", error: new Error("API Error: 500 Internal Server Error") },
  ],
  "xstate.error.actor.redirect": [{ type: "xstate.error.actor.redirect", error: new Error("blocked") }],
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
    ...Object.entries(outcomes).filter(([type]) => /saveCheckout|createCheckout|redirect/.test(type)).flatMap(([, list]) => list),
  ],
};

const eventsFor = (s: Snapshot) => byStep[stepOf(s)]!(s) as SignupEvent[];

/** Only what matters: the state, and a digest of the data of the steps up to the current one. */
const serializeState = (s: Snapshot) => {
  const f = s.context.form;
  const step = stepOf(s);
  const digest: unknown[] = [s.value, s.context.checks, Object.keys(s.context.errors).length > 0];
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
  // Back is disabled on step 1.
  if (step === 1) expect(s.can({ type: "step.back" })).toBe(false);
  // An e-mail known taken or an area known unserved is mirrored for the validation messages.
  expect(s.context.checks.emailTaken).toBe(s.matches({ step1: { email: "taken" } }));
  expect(s.context.checks.areaUnavailable).toBe(s.matches({ step1: { area: "unavailable" } }));
}

const validForm = (): SignupForm => ({
  ...emptySignupForm(),
  firstName: "Ana",
  lastName: "Díaz",
  phone: "(305) 555-1234",
  email: "ana@example.com",
  address,
  consent: true,
  terms: true,
  detergent: "hypoallergenic",
  fabricSoftener: true,
  startDate: "2030-01-08",
  picks: ["2030-01-12", "2030-01-09"],
  buildingType: "house",
});

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
    console.log(`${describeCoverage("signup.machine", signupMachine, coverage)} (${paths.length} shortest paths)`);
    expect(uncovered(signupMachine, coverage)).toEqual({ states: [], transitions: [] });
  }, 60_000);
});
