// The client sent at checkout (product.md DATA-1, SU-2): the shared schema the wizard and the server both
// parse it with. It imports the contract alone, so it still runs when a change to the schema breaks the
// modules built on it (src/domain/signup-form.ts reads its shape when it loads).
import { describe, expect, it } from "vitest";
import { addressSchema, clientSchema, type ClientInput } from "#contract/client";
import { validClient } from "../fixtures/client";

const firstIssue = (overrides: Partial<ClientInput>) => clientSchema.safeParse(validClient(overrides)).error?.issues[0];
const addressIssue = (overrides: Partial<ClientInput["address"]>) =>
  addressSchema.safeParse({ ...validClient().address, ...overrides }).error?.issues[0];

describe("the client (product.md DATA-1)", () => {
  it("is inactive and in English unless told otherwise", () => {
    const { isActive: _isActive, language: _language, ...rest } = validClient();
    expect(clientSchema.parse(rest)).toMatchObject({ isActive: false, language: "en" });
    expect(clientSchema.parse({ ...rest, language: "es" }).language).toBe("es");
    expect(clientSchema.safeParse({ ...rest, isActive: true }).success).toBe(false);
  });

  it("names of 2 characters or more, not counting the spaces around them, and at most 100", () => {
    expect(clientSchema.parse(validClient({ name: "  Al ", surname: " Li " }))).toMatchObject({ name: "Al", surname: "Li" });
    expect(firstIssue({ name: " A " })).toMatchObject({ path: ["name"], message: "firstNameMin" });
    expect(firstIssue({ surname: " B " })).toMatchObject({ path: ["surname"], message: "lastNameMin" });
    expect(firstIssue({ name: "A".repeat(101) })).toMatchObject({ path: ["name"], message: "tooLong" });
    expect(firstIssue({ surname: "B".repeat(101) })).toMatchObject({ path: ["surname"], message: "tooLong" });
    expect(clientSchema.safeParse(validClient({ name: "A".repeat(100) })).success).toBe(true);
  });

  it("a phone shown as (ddd) ddd-dddd (product.md SU-4), spaces around it ignored, nothing before or after it", () => {
    expect(clientSchema.parse(validClient({ phoneNumber: " (305) 555-0100 " })).phoneNumber).toBe("(305) 555-0100");
    for (const phoneNumber of ["(305) 555-01001", "(305) 555-0100 ext 2", "1 (305) 555-0100", "3055550100", "(305)555-0100"]) {
      expect(firstIssue({ phoneNumber }), phoneNumber).toMatchObject({ path: ["phoneNumber"], message: "phoneInvalid" });
    }
  });
});

describe("the client's address", () => {
  it("needs a street, a ZIP and a city", () => {
    for (const field of ["street", "zip", "city"] as const) {
      const { [field]: _missing, ...address } = validClient().address;
      expect(addressSchema.safeParse(address).success, field).toBe(false);
    }
  });

  it("refuses a street of spaces as missing, and one over 200 characters as too long", () => {
    expect(addressIssue({ street: "   " })).toMatchObject({ path: ["street"], message: "streetRequired" });
    expect(addressIssue({ street: "B".repeat(201) })).toMatchObject({ path: ["street"], message: "tooLong" });
    expect(addressSchema.parse({ ...validClient().address, street: " Brickell Ave " }).street).toBe("Brickell Ave");
  });

  it("leaves a building detail that is not given empty, and refuses one over its limit as too long", () => {
    const parsed = addressSchema.parse({ street: "Brickell Ave", zip: "33131", city: "Miami" });
    for (const field of ["formatted_address", "unit", "callBoxCode", "buildingName", "gateCode", "other", "businessName", "accessCode", "openingHours", "closingHours", "parkingInstructions"] as const) {
      expect(parsed[field], field).toBe("");
    }
    expect(addressIssue({ unit: "U".repeat(51) })).toMatchObject({ path: ["unit"], message: "tooLong" });
    expect(addressIssue({ other: "O".repeat(1001) })).toMatchObject({ path: ["other"], message: "tooLong" });
    expect(addressSchema.parse({ ...validClient().address, unit: " 12B " }).unit).toBe("12B");
  });
});
