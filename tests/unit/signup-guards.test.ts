// Every guard of the sign-up machine, the form rules behind them, and the renewal-date rule.
import type { ServiceAreaAnswer } from "#contract/calls";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiRequestError } from "../../src/api/client";
import { signupMachine, stepOf, type SignupContext, type SignupEvent } from "#machines/signup.machine";
import { daysUntil, renewalDate } from "#domain/plan";
import {
  emptySignupForm,
  formatPhone,
  isAreaAvailable,
  parseStreetNumber,
  restoreSignupForm,
  sortPicks,
  togglePick,
  toClient,
  type AddressDraft,
  type SignupForm,
} from "#domain/signup-form";

const address: AddressDraft = { street: "801 Brickell Ave", number: 801, zip: "33131", city: "Miami", state: "FL", country: "USA", formatted_address: "" };
const validForm = (): SignupForm => ({
  ...emptySignupForm(),
  firstName: "Ana",
  lastName: "Díaz",
  phone: "(305) 555-0142",
  email: "ana@example.com",
  address,
  consent: true,
  terms: true,
  detergent: "scented",
  fabricSoftener: false,
  startDate: "2030-01-08",
  picks: ["2030-01-10", "2030-01-08"],
  buildingType: "apartment",
  building: { ...emptySignupForm().building, unit: "4B" },
});

const context = (patch: Partial<SignupContext> = {}): SignupContext => ({
  form: validForm(),
  errors: {},
  checks: { emailTaken: false, areaUnavailable: false },
  availability: {},
  language: "en",
  today: "2030-01-07",
  origin: "http://localhost:3000",
  restoreStep: 1,
  checkoutUrl: "",
  checked: { email: null, zip: null },
  editing: false,
  pickNotice: null,
  areaAnswer: null,
  checkZipOnStart: false,
  ...patch,
});

type GuardFn = (args: { context: SignupContext; event: SignupEvent | Record<string, unknown> }, params?: unknown) => boolean;
const guard = (name: string) => signupMachine.implementations.guards[name] as unknown as GuardFn;
const check = (name: string, ctx: SignupContext, event: Record<string, unknown> = { type: "step.next" }, params?: unknown) =>
  guard(name)({ context: ctx, event }, params);

describe("signup machine guards", () => {
  it("emailCheckable: only an e-mail matching the pattern once trimmed and lowercased", () => {
    expect(check("emailCheckable", context(), { type: "email.changed", value: "  Ana@Example.COM " })).toBe(true);
    expect(check("emailCheckable", context(), { type: "email.changed", value: "ana@example" })).toBe(false);
    expect(check("emailCheckable", context(), { type: "email.changed", value: "" })).toBe(false);
    expect(check("currentEmailCheckable", context())).toBe(true);
    expect(check("currentEmailCheckable", context({ form: { ...validForm(), email: "a b@c.d" } }))).toBe(false);
  });

  it("zip guards: the check runs on exactly 5 characters, on a change of the ZIP or on a selection", () => {
    const empty = context({ form: { ...validForm(), address: { ...address, zip: "" } } });
    expect(check("zipChangedCheckable", empty, { type: "address.changed", address })).toBe(true);
    expect(check("zipChangedCheckable", context(), { type: "address.changed", address })).toBe(false); // same ZIP
    expect(check("zipChangedCheckable", empty, { type: "address.changed", address: { ...address, zip: "3313" } })).toBe(false);
    expect(check("zipChanged", empty, { type: "address.changed", address: { ...address, zip: "3313" } })).toBe(true);
    expect(check("zipChanged", context(), { type: "address.changed", address: { ...address, street: "1 Main" } })).toBe(false);
    expect(check("selectedZipCheckable", context(), { type: "address.selected", address })).toBe(true);
    expect(check("selectedZipCheckable", context(), { type: "address.selected", address: { ...address, zip: "331310" } })).toBe(false);
    expect(check("currentZipCheckable", context())).toBe(true);
    expect(check("currentZipCheckable", empty)).toBe(false);
  });

  it("emailExists and areaAvailable read the actors' answers", () => {
    expect(check("emailExists", context(), { type: "xstate.done.actor.checkEmail", output: { exists: true } })).toBe(true);
    expect(check("emailExists", context(), { type: "xstate.done.actor.checkEmail", output: { exists: false } })).toBe(false);
    expect(check("areaAvailable", context(), { type: "xstate.done.actor.checkServiceArea", output: true })).toBe(true);
    expect(check("areaAvailable", context(), { type: "xstate.done.actor.checkServiceArea", output: false })).toBe(false);
  });

  it("step1Valid: every field, and neither a taken e-mail nor an unserved area", () => {
    expect(check("step1Valid", context())).toBe(true);
    expect(check("step1Valid", context({ checks: { emailTaken: true, areaUnavailable: false } }))).toBe(false);
    expect(check("step1Valid", context({ checks: { emailTaken: false, areaUnavailable: true } }))).toBe(false);
    for (const patch of [{ firstName: "A" }, { lastName: " B " }, { email: "x@y" }, { phone: "305555" }, { consent: false }, { terms: false }] as Partial<SignupForm>[]) {
      expect(check("step1Valid", context({ form: { ...validForm(), ...patch } })), JSON.stringify(patch)).toBe(false);
    }
    for (const key of ["street", "zip", "city"] as const) {
      expect(check("step1Valid", context({ form: { ...validForm(), address: { ...address, [key]: "" } } })), key).toBe(false);
    }
  });

  it("steps 2 to 5 and the client", () => {
    expect(check("step2Valid", context())).toBe(true);
    expect(check("step2Valid", context({ form: { ...validForm(), detergent: "" } }))).toBe(false);
    expect(check("step3Valid", context())).toBe(true);
    expect(check("step3Valid", context({ form: { ...validForm(), fabricSoftener: null } }))).toBe(false);
    expect(check("step4Valid", context())).toBe(true);
    expect(check("step4Valid", context({ form: { ...validForm(), picks: ["2030-01-08"] } }))).toBe(false);
    expect(check("step5Valid", context())).toBe(true);
    expect(check("step5Valid", context({ form: { ...validForm(), building: { ...validForm().building, unit: " " } } }))).toBe(false);
    expect(check("step5Valid", context({ form: { ...validForm(), buildingType: "business" } }))).toBe(false);
    expect(check("step5Valid", context({ form: { ...validForm(), buildingType: "business", building: { ...validForm().building, businessName: "Café" } } }))).toBe(true);
    expect(check("step5Valid", context({ form: { ...validForm(), buildingType: "house", building: { ...validForm().building, unit: "" } } }))).toBe(true);
    expect(check("step5Valid", context({ form: { ...validForm(), buildingType: "" } }))).toBe(false);
    expect(check("clientValid", context())).toBe(true);
    expect(check("clientValid", context({ form: { ...validForm(), picks: ["2030-02-30", "2030-02-31"] } }))).toBe(false);
  });

  it("canRestoreAt: up to the saved step, and only past valid steps", () => {
    expect(check("canRestoreAt", context({ restoreStep: 6 }), {}, { step: 6 })).toBe(true);
    expect(check("canRestoreAt", context({ restoreStep: 4 }), {}, { step: 6 })).toBe(false);
    expect(check("canRestoreAt", context({ restoreStep: 6, form: { ...validForm(), detergent: "" } }), {}, { step: 3 })).toBe(false);
    expect(check("canRestoreAt", context({ restoreStep: 6, form: { ...validForm(), detergent: "" } }), {}, { step: 2 })).toBe(true);
  });

  it("step 4: a start date from today to 8 weeks ahead; only available days can be picked", () => {
    expect(check("hasStartDate", context())).toBe(true);
    expect(check("hasStartDate", context({ form: { ...validForm(), startDate: "" } }))).toBe(false);
    expect(check("startDateAcceptable", context(), { type: "date.start", date: "2030-01-07" })).toBe(true);
    expect(check("startDateAcceptable", context(), { type: "date.start", date: "2030-03-04" })).toBe(true); // 8 weeks
    expect(check("startDateAcceptable", context(), { type: "date.start", date: "2030-03-05" })).toBe(false);
    expect(check("startDateAcceptable", context(), { type: "date.start", date: "2030-01-06" })).toBe(false);
    expect(check("startDateAcceptable", context(), { type: "date.start", date: "soon" })).toBe(false);
    // A day is yyyy-mm-dd and nothing else, even when what is around it would compare as in the window.
    expect(check("startDateAcceptable", context(), { type: "date.start", date: "2030-01-08T09:00" })).toBe(false);
    expect(check("startDateAcceptable", context(), { type: "date.start", date: "2030-01-08 to 2030-01-10" })).toBe(false);
    expect(check("hasAvailableDays", context(), { type: "x", output: { "2030-01-08": false, "2030-01-09": true } })).toBe(true);
    expect(check("hasAvailableDays", context(), { type: "x", output: { "2030-01-08": false } })).toBe(false);
    expect(check("hasAvailableDays", context(), { type: "x", output: {} })).toBe(false);
    const ctx = context({ availability: { "2030-01-08": true, "2030-01-09": false } });
    expect(check("dateSelectable", ctx, { type: "date.toggled", date: "2030-01-08" })).toBe(true);
    expect(check("dateSelectable", ctx, { type: "date.toggled", date: "2030-01-09" })).toBe(false);
    expect(check("dateSelectable", ctx, { type: "date.toggled", date: "2030-01-20" })).toBe(false);
  });

  it("checkout: only the site's own origin or the provider's; error codes route back to their step", () => {
    expect(check("checkoutUrlAllowed", context(), { type: "x", output: "http://localhost:3000/sandbox/checkout/cs_1" })).toBe(true);
    expect(check("checkoutUrlAllowed", context(), { type: "x", output: "https://checkout.stripe.com/c/pay/cs_1" })).toBe(true);
    expect(check("checkoutUrlAllowed", context(), { type: "x", output: "https://evil.example/pay" })).toBe(false);
    expect(check("checkoutUrlAllowed", context(), { type: "x", output: "javascript:alert(1)" })).toBe(false);
    const error = (code?: string) => ({ type: "xstate.error.actor.createCheckout", error: new ApiRequestError(409, "Conflict", code) });
    expect(check("isDayError", context(), error("day_full"))).toBe(true);
    expect(check("isDayError", context(), error("day_unavailable"))).toBe(true);
    expect(check("isDayError", context(), error("area_unavailable"))).toBe(false);
    expect(check("isAreaError", context(), error("area_unavailable"))).toBe(true);
    expect(check("isEmailError", context(), error("client_active"))).toBe(true);
    expect(check("isEmailError", context(), { type: "x", error: new Error("network") })).toBe(false);
  });

  it("checksSettled: Continue waits for a running check before validating step 1", async () => {
    let resolve: (v: { exists: boolean }) => void = () => {};
    const actor = createActor(
      signupMachine.provide({
        actors: {
          checkEmail: fromPromise(() => new Promise<{ exists: boolean }>((r) => (resolve = r))),
          checkServiceArea: fromPromise(async (): Promise<ServiceAreaAnswer> => true),
        },
      }),
      { input: { language: "en", today: "2030-01-07", origin: "http://localhost:3000", form: validForm() } },
    ).start();
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(stepOf(actor.getSnapshot())).toBe(1);
    resolve({ exists: false });
    await waitFor(actor, (s) => stepOf(s) === 2);
    actor.stop();
  });
});

describe("form rules", () => {
  it("phone: 10 digits, a leading +1 or 1 dropped, shown (ddd) ddd-dddd", () => {
    expect(formatPhone("3055550142")).toBe("(305) 555-0142");
    expect(formatPhone("+1 305-555-0142")).toBe("(305) 555-0142");
    expect(formatPhone("13055550142")).toBe("(305) 555-0142");
    expect(formatPhone("305555014")).toBe("305555014");
  });

  it("a third pick drops the oldest; a picked day deselects; picks sort into startdate, pickupone, pickuptwo", () => {
    expect(togglePick(["2030-01-09", "2030-01-08"], "2030-01-12")).toEqual(["2030-01-08", "2030-01-12"]);
    expect(togglePick(["2030-01-09", "2030-01-08"], "2030-01-09")).toEqual(["2030-01-08"]);
    expect(sortPicks(["2030-01-12", "2030-01-08"])).toEqual({ startdate: "2030-01-08", pickupone: "2030-01-08", pickuptwo: "2030-01-12" });
  });

  it("the area answer: true, or an object whose available is true", () => {
    expect(isAreaAvailable(true)).toBe(true);
    expect(isAreaAvailable({ available: true, area: "Brickell" })).toBe(true);
    expect(isAreaAvailable({ available: false, comingSoon: true })).toBe(false);
    expect(isAreaAvailable("true")).toBe(false);
    expect(isAreaAvailable(null)).toBe(false);
  });

  it("the client: the building type's fields only, the language added, the house number parsed", () => {
    const form = { ...validForm(), address: { ...address, number: 0 }, building: { ...validForm().building, businessName: "left over" } };
    const client = toClient(form, "es");
    expect(client.success).toBe(true);
    expect(client.data).toMatchObject({ language: "es", startdate: "2030-01-08", pickupone: "2030-01-08", pickuptwo: "2030-01-10", isActive: false });
    expect(client.data?.address).toMatchObject({ number: 801, unit: "4B", businessName: "" });
    expect(parseStreetNumber("Brickell Ave")).toBe(0);
  });

  it("a stored form that is malformed falls back field by field", () => {
    const form = restoreSignupForm({ firstName: 7, email: "ana@example.com", picks: "x", address: { zip: "33131" } });
    expect(form.firstName).toBe("");
    expect(form.email).toBe("ana@example.com");
    expect(form.picks).toEqual([]);
    expect(form.address).toMatchObject({ zip: "33131", country: "USA", state: "FL" });
  });
});

describe("renewal date: the first pickup moved forward to the next Sunday", () => {
  it("a first pickup on a Sunday renews that same day", () => {
    expect(renewalDate("2030-01-13")).toBe("2030-01-13");
    expect(daysUntil("2030-01-07", "2030-01-13")).toBe(6);
  });
  it("a first pickup on a Saturday renews the next day", () => {
    expect(renewalDate("2030-01-12")).toBe("2030-01-13");
  });
  it("across a month end", () => {
    expect(renewalDate("2030-01-29")).toBe("2030-02-03");
    expect(renewalDate("2030-12-31")).toBe("2031-01-05");
  });
});

describe("the new guards: the check memo, the review's Edit links and the history's steps", () => {
  it("Continue re-checks an input only when it changed since the last check", () => {
    expect(check("emailInputChanged", context())).toBe(true);
    expect(check("emailInputChanged", context({ checked: { email: "ana@example.com", zip: null } }))).toBe(false);
    expect(check("zipInputChanged", context({ checked: { email: null, zip: "33131" } }))).toBe(false);
    expect(check("zipInputChanged", context({ checked: { email: null, zip: "33139" } }))).toBe(true);
  });

  it("returns to the review only from an edit with every step valid", () => {
    expect(check("returningToReview", context())).toBe(false);
    expect(check("returningToReview", context({ editing: true }))).toBe(true);
    expect(check("returningToReview", context({ editing: true, form: { ...validForm(), picks: ["2030-01-10"] } }))).toBe(false);
  });

  it("the history reopens an earlier step, and a later one only when the steps before it are valid and the checks passed", () => {
    const visit = (step: number, patch: Partial<SignupContext> = {}) => guard("canVisit")({ context: context(patch), event: { type: "step.visit", step } }, { step });
    const checked = { email: "ana@example.com", zip: "33131" };
    expect(visit(1, { form: emptySignupForm() })).toBe(true);
    expect(visit(6, { checked })).toBe(true);
    // Not over an e-mail or ZIP that changed since its check.
    expect(visit(6)).toBe(false);
    expect(visit(2, { checked: { ...checked, zip: "33139" } })).toBe(false);
    expect(visit(2, { checked: { ...checked, email: "ben@example.com" } })).toBe(false);
    expect(visit(3, { form: emptySignupForm() })).toBe(false);
    // Checked as they are, but the e-mail is taken or the area not served.
    expect(visit(2, { checked })).toBe(true);
    expect(visit(2, { checked, checks: { emailTaken: true, areaUnavailable: false } })).toBe(false);
    expect(visit(2, { checked, checks: { emailTaken: false, areaUnavailable: true } })).toBe(false);
  });
});
