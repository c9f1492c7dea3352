// The client's rules that mutation testing found unguarded: the ZIP is exactly five digits, the step-1
// checks' message keys, and FL / USA only as defaults, never over a given state or country.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { addressSchema, clientSchema, type ClientInput } from "#contract/client";
import { dateString, EMAIL_PATTERN, emailSchema, normalizeEmail } from "#contract/common";
import { hostedLink, isAllowedRedirect } from "#domain/redirects";
import {
  clientAddress,
  emptyAddressDraft,
  formatPhone,
  parseStreetNumber,
  phoneDigits,
  restoreSignupForm,
  step1Errors,
  stepErrors,
  toClient,
  zipToCheck,
} from "#domain/signup-form";
import { validAddress, validStep1Form } from "../fixtures/signup-form";

const address = validAddress();
const step1Form = validStep1Form;

const client = (addressOverrides: Partial<ClientInput["address"]> = {}): ClientInput => ({
  name: "Ana",
  surname: "Díaz",
  email: "ana@example.com",
  phoneNumber: "(305) 555-1234",
  startdate: "2030-01-08",
  pickupone: "2030-01-08",
  pickuptwo: "2030-01-10",
  detergent: "scented",
  fabricsoftener: false,
  address: { street: "100 Main St", zip: "33131", city: "Miami", ...addressOverrides },
});

describe("the ZIP is exactly five digits", () => {
  it.each(["33131", " 33131 ", "00000", "99999"])("accepts %j", (zip) => {
    expect(addressSchema.shape.zip.safeParse(zip).success).toBe(true);
  });

  it.each(["3313", "331311", "3313a", "33 131", "", "33131-1234", "a33131", "33131a"])("refuses %j with zipInvalid", (zip) => {
    const result = addressSchema.shape.zip.safeParse(zip);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("zipInvalid");
  });

  it("refuses a 4-digit and a 6-digit ZIP in the whole client and in step 1", () => {
    for (const zip of ["3313", "331311"]) {
      expect(clientSchema.safeParse(client({ zip })).success, zip).toBe(false);
      expect(stepErrors(1, step1Form({ address: { ...address, zip } }))["address.zip"], zip).toBe("zipInvalid");
    }
    expect(clientSchema.safeParse(client({ zip: "33131" })).success).toBe(true);
    expect(stepErrors(1, step1Form())).toEqual({});
  });

  it("checks the service area only for five characters", () => {
    expect(zipToCheck("33131")).toBe("33131");
    expect(zipToCheck("3313")).toBeNull();
    expect(zipToCheck("331311")).toBeNull();
  });
});

describe("step 1's server checks carry their own message keys", () => {
  it("a taken e-mail is emailTaken, an unserved area serviceUnavailable", () => {
    expect(step1Errors(step1Form(), { emailTaken: true, areaUnavailable: false })).toEqual({ email: "emailTaken" });
    expect(step1Errors(step1Form(), { emailTaken: false, areaUnavailable: true })).toEqual({ "address.zip": "serviceUnavailable" });
    expect(step1Errors(step1Form(), { emailTaken: true, areaUnavailable: true })).toEqual({ email: "emailTaken", "address.zip": "serviceUnavailable" });
    expect(step1Errors(step1Form(), { emailTaken: false, areaUnavailable: false })).toEqual({});
  });

  it("a field's own problem comes first", () => {
    const form = step1Form({ email: "not-an-email", address: { ...address, zip: "331" } });
    expect(step1Errors(form, { emailTaken: true, areaUnavailable: true })).toEqual({ email: "emailInvalid", "address.zip": "zipInvalid" });
  });
});

describe("FL and USA are defaults, never over a given value", () => {
  const form = (state: string, country: string) => ({ ...step1Form(), address: { ...address, state, country }, buildingType: "house" as const });

  it("the client's address keeps a given state and country", () => {
    expect(clientAddress(form("GA", "Canada"))).toMatchObject({ state: "GA", country: "Canada" });
    expect(clientAddress(form(" GA ", " Canada "))).toMatchObject({ state: "GA", country: "Canada" });
  });

  it("an empty or blank state and country become FL and USA", () => {
    expect(clientAddress(form("", ""))).toMatchObject({ state: "FL", country: "USA" });
    expect(clientAddress(form("  ", "  "))).toMatchObject({ state: "FL", country: "USA" });
  });

  it("the schema defaults only a missing state and country", () => {
    expect(addressSchema.parse(client().address)).toMatchObject({ state: "FL", country: "USA" });
    expect(addressSchema.parse({ ...client().address, state: "GA", country: "Canada" })).toMatchObject({ state: "GA", country: "Canada" });
    expect(addressSchema.safeParse({ ...client().address, state: "G" }).error?.issues[0]?.message).toBe("stateRequired");
  });

  it("a restored form keeps its state and country, and defaults missing ones", () => {
    const stored = { address: { ...address, state: "GA", country: "Canada" } };
    expect(restoreSignupForm(stored).address).toMatchObject({ state: "GA", country: "Canada" });
    expect(restoreSignupForm({ address: { street: "1 A St" } }).address).toMatchObject({ street: "1 A St", state: "FL", country: "USA" });
    expect(emptyAddressDraft()).toMatchObject({ state: "FL", country: "USA" });
  });

  it("the client sent at checkout keeps them", () => {
    const full = { ...form("GA", "Canada"), detergent: "scented" as const, fabricSoftener: false, picks: ["2030-01-10", "2030-01-08"] };
    const result = toClient(full, "es");
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ language: "es", startdate: "2030-01-08", pickupone: "2030-01-08", pickuptwo: "2030-01-10" });
    expect(result.data?.address).toMatchObject({ state: "GA", country: "Canada", zip: "33131" });
  });
});

describe("the address's city, state and country are trimmed and bounded", () => {
  const parse = (overrides: Partial<ClientInput["address"]>) => addressSchema.safeParse({ ...address, ...overrides });
  const keyOf = (overrides: Partial<ClientInput["address"]>) => parse(overrides).error?.issues[0]?.message;

  it("keeps them without the spaces around them", () => {
    expect(parse({ city: "  Miami Beach ", state: " FL  ", country: "  USA " }).data).toMatchObject({ city: "Miami Beach", state: "FL", country: "USA" });
  });

  it("refuses one made of spaces only, as missing", () => {
    expect(keyOf({ city: "   " })).toBe("cityRequired");
    expect(keyOf({ state: "    " })).toBe("stateRequired");
    expect(parse({ country: "    " }).success).toBe(false);
  });

  it("refuses a city over 100 and a state over 50 characters with tooLong", () => {
    expect(parse({ city: "M".repeat(100) }).success).toBe(true);
    expect(keyOf({ city: "M".repeat(101) })).toBe("tooLong");
    expect(parse({ state: "F".repeat(50) }).success).toBe(true);
    expect(keyOf({ state: "F".repeat(51) })).toBe("tooLong");
  });
});

describe("dates are real calendar days, the two pickups in order", () => {
  it("refuses a day, a month or a year that the calendar does not have", () => {
    for (const day of ["2030-02-29", "2030-02-30", "2030-04-31", "2030-13-01", "2030-00-10", "2030-01-00", "2030-01-32"]) {
      expect(dateString.safeParse(day).error?.issues[0]?.message, day).toBe("dateInvalid");
    }
    for (const day of ["2028-02-29", "2030-12-31", "2030-01-01"]) expect(dateString.safeParse(day).success, day).toBe(true);
  });

  it("takes yyyy-mm-dd and nothing before or after it", () => {
    for (const day of ["12030-01-08", "2030-01-08-09", "2030-01-08-", "2030-1-08", "08/01/2030", ""]) {
      expect(dateString.safeParse(day).error?.issues[0]?.message, day).toBe("dateInvalid");
    }
  });

  it("refuses a second pickup on or before the first, and a start date that is not the first pickup", () => {
    const issue = (overrides: Partial<ClientInput>) => clientSchema.safeParse({ ...client(), ...overrides }).error?.issues[0];
    expect(issue({ pickuptwo: "2030-01-08" })).toMatchObject({ message: "pickupDatesOrder", path: ["pickuptwo"] });
    expect(issue({ pickuptwo: "2030-01-07" })).toMatchObject({ message: "pickupDatesOrder", path: ["pickuptwo"] });
    expect(issue({ startdate: "2030-01-09" })).toMatchObject({ message: "startDateMismatch", path: ["startdate"] });
    expect(clientSchema.safeParse(client()).success).toBe(true);
  });
});

describe("e-mail addresses (the spec's simple pattern: text, at sign, text, dot, text)", () => {
  it("takes a whole address, trimmed and lowercased, as every comparison of one does", () => {
    expect(emailSchema.parse("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(normalizeEmail("  Ana@Example.COM ")).toBe("ana@example.com");
  });

  it("refuses anything after the address's last part, and an address over 254 characters, with emailInvalid", () => {
    const long = `${"a".repeat(243)}@example.com`;
    expect(long).toHaveLength(255);
    for (const email of ["ana@example.com@evil.test", "ana@example.com x", long]) {
      expect(emailSchema.safeParse(email).error?.issues[0]?.message, email).toBe("emailInvalid");
    }
    expect(emailSchema.safeParse(long.slice(1)).success).toBe(true);
  });

  it("matches exactly what the spec's pattern matches (every text of up to 8 characters from a, dot, at sign, space, tab)", () => {
    const spec = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const differ: string[] = [];
    const walk = (text: string) => {
      if (spec.test(text) !== EMAIL_PATTERN.test(text)) differ.push(text);
      if (text.length < 8) for (const c of ["a", ".", "@", " ", "\t"]) walk(text + c);
    };
    walk("");
    expect(differ).toEqual([]);
    expect(["ana@example.com", "a@b.c", "a@.b.c", "a@b..c", "o'neil&co=ana@example.com"].every((e) => EMAIL_PATTERN.test(e))).toBe(true);
  });

  it("answers a megabyte of dots (the spec's own form backtracks for about 20 minutes on it), and never matches an address over the length", () => {
    // A run of dots between two at signs: the spec's form tries every split of the run, each scanning the rest.
    // In a child process, because a stuck regular expression cannot be interrupted in this one: the minute is
    // only a bound on a hang (the pattern answers in milliseconds), as a test runner's timeout is.
    const probe = (text: string) =>
      `process.exit(new RegExp(${JSON.stringify(EMAIL_PATTERN.source)}).test(${text}) ? 1 : 0)`;
    for (const text of ['"a@" + ".".repeat(1e6) + "@"', '"a@a" + "a.".repeat(5e5) + " "']) {
      const run = spawnSync(process.execPath, ["-e", probe(text)], { timeout: 60_000 });
      expect({ status: run.status, signal: run.signal }, text).toEqual({ status: 0, signal: null });
    }
    // Over 254 characters, the schema stops at the length: one issue, the pattern never ran.
    expect(emailSchema.safeParse(`a@${".".repeat(60_000)}@`).error?.issues).toEqual([expect.objectContaining({ code: "too_big", message: "emailInvalid" })]);
  });
});

describe("phone numbers and house numbers (product.md SU-4)", () => {
  it("keeps 10 digits, drops only a leading 1 of 11, refuses anything else", () => {
    expect(phoneDigits("305 555 1234")).toBe("3055551234");
    expect(phoneDigits("+1 (305) 555-1234")).toBe("3055551234");
    expect(phoneDigits("1-305-555-1234")).toBe("3055551234");
    expect(phoneDigits("2 305 555 1234")).toBeNull();
    expect(phoneDigits("13055551234 5")).toBeNull();
    expect(phoneDigits("305 555 123")).toBeNull();
    // Ten digits stay as they are, a leading 1 among them included.
    expect(phoneDigits("1305555012")).toBe("1305555012");
    expect(formatPhone("3055551234")).toBe("(305) 555-1234");
    expect(formatPhone("2 305 555 1234")).toBe("2 305 555 1234");
  });

  it("reads the house number only at the start of the street line", () => {
    expect(parseStreetNumber("1200 Brickell Ave")).toBe(1200);
    expect(parseStreetNumber("  12B Main St")).toBe(12);
    expect(parseStreetNumber("PO Box 5")).toBe(0);
    expect(parseStreetNumber("Suite 300, 1200 Brickell Ave")).toBe(0);
    expect(parseStreetNumber("")).toBe(0);
  });
});

describe("where the browser may be sent (mutants that survived in src/domain/redirects.ts)", () => {
  it("takes the link of the kind asked for, and names what is missing", () => {
    const both = { portal_url: "https://billing.stripe.com/p", checkout_url: "https://checkout.stripe.com/c" };
    expect(hostedLink(both, "portal")).toBe("https://billing.stripe.com/p");
    expect(hostedLink(both, "checkout")).toBe("https://checkout.stripe.com/c");
    expect(() => hostedLink({}, "portal")).toThrow("Invalid response from API: missing url");
    expect(() => hostedLink({}, "checkout")).toThrow("Invalid response from API: missing checkout_url");
  });

  it("refuses other protocols on the site's own origin, and links that do not parse", () => {
    const own = "http://localhost:3000";
    expect(isAllowedRedirect("blob:http://localhost:3000/0b8f", own, [])).toBe(false);
    expect(isAllowedRedirect("http://localhost:3000/sandbox/checkout/cs_1", own, [])).toBe(true);
    expect(isAllowedRedirect("http://[bad", own, [])).toBe(false);
  });
});
