// The sign-up form's rules (product.md SU-2, SU-5, product-spec §2 step 5): what each step needs and the message
// key each problem shows, the building details each building type sends, and how a stored form is read back.
import { describe, expect, it } from "vitest";
import {
  allBuildingFields,
  buildingFields,
  clientAddress,
  emptySignupForm,
  mirroredSignupSchema,
  restoreSignupForm,
  sortPicks,
  stepErrors,
  type BuildingType,
  type SignupForm,
} from "#domain/signup-form";
import { validAddress, validSignupForm } from "../fixtures/signup-form";

const withAddress = (patch: Partial<SignupForm["address"]>) => validSignupForm({ address: { ...validAddress(), ...patch } });

describe("what each step needs, and the message of each problem (product.md SU-2)", () => {
  it("an empty step 1 names every field, in the order of the fields", () => {
    const errors = stepErrors(1, emptySignupForm());
    expect(Object.entries(errors)).toEqual([
      ["firstName", "firstNameMin"],
      ["lastName", "lastNameMin"],
      ["email", "emailInvalid"],
      ["phone", "phoneRequired"],
      ["address.street", "streetRequired"],
      ["address.zip", "zipRequired"],
      ["address.city", "cityRequired"],
      ["consent", "consentRequired"],
      ["terms", "termsRequired"],
    ]);
  });

  it("a malformed e-mail, phone or ZIP in step 1 is named as invalid", () => {
    expect(stepErrors(1, validSignupForm({ email: "ana@example", phone: "305 555", address: { ...validAddress(), zip: "331" } }))).toEqual({
      email: "emailInvalid",
      phone: "phoneInvalid",
      "address.zip": "zipInvalid",
    });
  });

  it("a typed street needs its house number and a street name; a picked address may carry the number apart", () => {
    expect(stepErrors(1, withAddress({ street: "Brickell Ave", number: 0 }))).toEqual({ "address.street": "streetIncomplete" });
    expect(stepErrors(1, withAddress({ street: "1200", number: 0 }))).toEqual({ "address.street": "streetIncomplete" });
    expect(stepErrors(1, withAddress({ street: "1200 B", number: 0 }))).toEqual({ "address.street": "streetIncomplete" });
    expect(stepErrors(1, withAddress({ street: "1200 Brickell Ave", number: 0 }))).toEqual({});
    expect(stepErrors(1, withAddress({ street: "Brickell Ave", number: 1200 }))).toEqual({});
    expect(stepErrors(1, withAddress({ street: "1200 Calle Ñu", number: 0 }))).toEqual({});
    expect(stepErrors(1, withAddress({ street: "   ", number: 1200 }))).toEqual({ "address.street": "streetRequired" });
  });

  it("steps 2 to 4: a detergent, a softener answer, exactly two pickup days", () => {
    const empty = emptySignupForm();
    expect(stepErrors(2, empty)).toEqual({ detergent: "detergentRequired" });
    expect(stepErrors(3, empty)).toEqual({ fabricSoftener: "softenerRequired" });
    expect(stepErrors(4, empty)).toEqual({ picks: "pickupDatesRequired" });
    expect(stepErrors(4, validSignupForm({ picks: ["2030-01-09"] }))).toEqual({ picks: "pickupDatesRequired" });
    expect(stepErrors(4, validSignupForm({ picks: ["2030-01-09", "2030-01-10", "2030-01-12"] }))).toEqual({ picks: "pickupDatesRequired" });
    for (const step of [2, 3, 4] as const) expect(stepErrors(step, validSignupForm()), `step ${step}`).toEqual({});
  });

  it("step 5: a building type, the unit of an apartment, the name of a business", () => {
    const building = emptySignupForm().building;
    expect(stepErrors(5, validSignupForm({ buildingType: "" }))).toEqual({ buildingType: "buildingTypeRequired" });
    expect(stepErrors(5, validSignupForm({ buildingType: "castle" as BuildingType }))).toEqual({ buildingType: "buildingTypeRequired" });
    expect(stepErrors(5, validSignupForm({ buildingType: "house", building }))).toEqual({});
    expect(stepErrors(5, validSignupForm({ buildingType: "apartment", building: { ...building, unit: "  " } }))).toEqual({ "building.unit": "unitRequired" });
    expect(stepErrors(5, validSignupForm({ buildingType: "apartment", building: { ...building, unit: "4B" } }))).toEqual({});
    expect(stepErrors(5, validSignupForm({ buildingType: "business", building }))).toEqual({ "building.businessName": "businessNameRequired" });
    expect(stepErrors(5, validSignupForm({ buildingType: "business", building: { ...building, businessName: "Café" } }))).toEqual({});
  });

  it("step 5: a building detail over its limit is too long, for each building type", () => {
    const building = { ...emptySignupForm().building, unit: "4B", businessName: "Café" };
    expect(stepErrors(5, validSignupForm({ buildingType: "house", building: { ...building, gateCode: "1".repeat(51) } }))).toEqual({ "building.gateCode": "tooLong" });
    expect(stepErrors(5, validSignupForm({ buildingType: "house", building: { ...building, other: "o".repeat(1001) } }))).toEqual({ "building.other": "tooLong" });
    expect(stepErrors(5, validSignupForm({ buildingType: "apartment", building: { ...building, callBoxCode: "1".repeat(51) } }))).toEqual({ "building.callBoxCode": "tooLong" });
    expect(stepErrors(5, validSignupForm({ buildingType: "business", building: { ...building, accessCode: "1".repeat(51) } }))).toEqual({ "building.accessCode": "tooLong" });
  });
});

describe("a new form", () => {
  it("is blank: nothing typed, ticked or chosen, only the state and country defaulted", () => {
    const form = emptySignupForm();
    expect(form).toEqual({
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      address: { street: "", number: 0, zip: "", city: "", state: "FL", country: "USA", formatted_address: "" },
      consent: false,
      terms: false,
      detergent: "",
      fabricSoftener: null,
      startDate: "",
      picks: [],
      startdate: "",
      pickupone: "",
      pickuptwo: "",
      buildingType: "",
      building: Object.fromEntries(allBuildingFields.map((field) => [field, ""])),
    });
    // Each call gives a form of its own: editing one never changes the next.
    form.picks.push("2030-01-08");
    form.address.street = "1 A St";
    expect(emptySignupForm()).toMatchObject({ picks: [], address: { street: "" } });
  });
});

describe("the pickup days on leaving step 4", () => {
  it("are sorted into startdate, pickupone and pickuptwo; a missing pick is empty", () => {
    expect(sortPicks(["2030-01-12", "2030-01-08"])).toEqual({ startdate: "2030-01-08", pickupone: "2030-01-08", pickuptwo: "2030-01-12" });
    expect(sortPicks(["2030-01-12"])).toEqual({ startdate: "2030-01-12", pickupone: "2030-01-12", pickuptwo: "" });
    expect(sortPicks([])).toEqual({ startdate: "", pickupone: "", pickuptwo: "" });
  });
});

describe("the building details sent with the client (product-spec §2, step 5)", () => {
  const spec: Record<BuildingType, string[]> = {
    house: ["gateCode", "other"],
    apartment: ["buildingName", "unit", "callBoxCode", "gateCode", "other"],
    business: ["businessName", "accessCode", "openingHours", "closingHours", "parkingInstructions", "other"],
  };

  it("are exactly the building type's fields: the others are sent empty, whatever was typed in them", () => {
    // Every field filled with its own name, as a visitor who tried each building type would leave them.
    const typedEverywhere = Object.fromEntries(allBuildingFields.map((field) => [field, ` ${field} `])) as SignupForm["building"];
    for (const type of ["house", "apartment", "business"] as const) {
      expect([...buildingFields[type]], type).toEqual(spec[type]);
      const address = clientAddress(validSignupForm({ buildingType: type, building: typedEverywhere }));
      for (const field of allBuildingFields) expect(address[field], `${type} ${field}`).toBe(spec[type].includes(field) ? field : "");
    }
    expect([...allBuildingFields].sort()).toEqual([...new Set(Object.values(spec).flat())].sort());
  });

  it("before a building type is chosen, are a house's", () => {
    const building = { ...emptySignupForm().building, gateCode: "1234", unit: "4B" };
    expect(clientAddress(validSignupForm({ buildingType: "", building }))).toMatchObject({ gateCode: "1234", unit: "" });
  });

  it("come with the step-1 address as it will be sent, which the review shows: trimmed", () => {
    const address = { street: " 1200 Brickell Ave ", number: 0, zip: " 33131 ", city: " Miami ", state: "FL", country: "USA", formatted_address: " 1200 Brickell Ave, Miami " };
    expect(clientAddress(validSignupForm({ address }))).toMatchObject({
      street: "1200 Brickell Ave",
      number: 1200,
      zip: "33131",
      city: "Miami",
      formatted_address: "1200 Brickell Ave, Miami",
    });
  });
});

describe("reading a stored form back (product.md SU-5)", () => {
  it("the mirrored step is a whole step from 1 to 6, else 1", () => {
    for (const step of [1, 2, 3, 4, 5, 6]) expect(mirroredSignupSchema.parse({ form: {}, step }).step).toBe(step);
    for (const step of [undefined, 0, 7, 2.5, "3", null]) expect(mirroredSignupSchema.parse({ form: {}, step }).step, String(step)).toBe(1);
  });

  it("nothing usable is the empty form", () => {
    for (const stored of [null, undefined, "x", 7, [], {}]) expect(restoreSignupForm(stored), JSON.stringify(stored)).toEqual(emptySignupForm());
  });

  it("each malformed field falls back to its empty value, and the well-formed ones stay", () => {
    const stored = {
      firstName: "A".repeat(101),
      lastName: "Díaz",
      detergent: "bleach",
      fabricSoftener: "yes",
      consent: "yes",
      terms: true,
      startDate: "soon",
      picks: ["2030-01-08", "2030-01-09", "2030-01-10"],
      pickupone: "2030-01-08",
      buildingType: "castle",
      building: { unit: "4B", gateCode: 5 },
      address: { street: "1200 Brickell Ave", number: -3, zip: 33131 },
    };
    expect(restoreSignupForm(stored)).toEqual({
      ...emptySignupForm(),
      lastName: "Díaz",
      terms: true,
      pickupone: "2030-01-08",
      building: { ...emptySignupForm().building, unit: "4B" },
      address: { ...emptySignupForm().address, street: "1200 Brickell Ave" },
    });
    // An address with parts missing keeps what it has; the rest is empty (FL and USA by default).
    expect(restoreSignupForm({ address: { zip: "33131" } }).address).toEqual({ ...emptySignupForm().address, zip: "33131" });
    expect(restoreSignupForm({ address: { street: "1 A St", city: "Miami" } }).address).toEqual({ ...emptySignupForm().address, street: "1 A St", city: "Miami" });
    expect(restoreSignupForm({ terms: "yes", consent: 1, startdate: "soon", pickupone: 20300108 })).toEqual(emptySignupForm());
    expect(restoreSignupForm({ detergent: "scented" }).detergent).toBe("scented");
    const kept = {
      fabricSoftener: false,
      picks: ["2030-01-08"],
      buildingType: "business",
      detergent: "hypoallergenic",
      consent: true,
      startDate: "2030-01-08",
      startdate: "2030-01-08",
      pickupone: "2030-01-08",
      pickuptwo: "2030-01-12",
      address: { street: "1200 Brickell Ave", number: 1200, zip: "33131", city: "Miami", state: "GA", country: "USA", formatted_address: "1200 Brickell Ave" },
    };
    expect(restoreSignupForm(kept)).toMatchObject(kept);
    // A date is yyyy-mm-dd and nothing around it.
    for (const date of ["x2030-01-08", "2030-01-08T10:00"]) {
      expect(restoreSignupForm({ startDate: date, pickuptwo: date, picks: [date] }), date).toMatchObject({ startDate: "", pickuptwo: "", picks: [] });
    }
  });
});
