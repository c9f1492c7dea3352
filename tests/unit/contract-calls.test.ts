// The requests the server takes, read from the contract (product.md DATA-2): a refused request answers 400
// with `fields` naming each field's message key (server/plugins/error-handler.ts), so those keys are part of the
// API. The calls' methods, paths and answers through the client are tests/unit/api-client.test.ts.
import { describe, expect, it } from "vitest";
import { calls, contactFormSchema, serviceAreaAnswer, waitlistRequest } from "#contract/calls";

/** Field path → message key of each problem, as the server's 400 answer names them. */
const fields = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the contact form's request (product.md CON-1)", () => {
  it("names each missing field of a commercial and a residential message", () => {
    expect(fields(contactFormSchema.safeParse({ type: "commercial", name: " ", businessName: "", email: "", message: "  " }))).toEqual({
      name: "nameRequired",
      businessName: "businessNameRequired",
      email: "emailRequired",
      message: "messageRequired",
    });
    expect(fields(contactFormSchema.safeParse({ type: "residential", name: "", email: "  ", phone: " ", message: "" }))).toEqual({
      name: "nameRequired",
      email: "emailRequired",
      phone: "phoneRequiredResidential",
      message: "messageRequired",
    });
  });

  it("counts a field of only invisible characters (zero-width spaces, joiners, marks) as empty, as the team would see it", () => {
    const invisible = "\u200B\u200C\u200D\u2060\uFEFF\u00AD\u200E";
    expect(fields(contactFormSchema.safeParse({ type: "commercial", name: invisible, businessName: ` ${invisible} `, email: "ana@example.com", message: invisible }))).toEqual({
      name: "nameRequired",
      businessName: "businessNameRequired",
      message: "messageRequired",
    });
    expect(fields(contactFormSchema.safeParse({ type: "residential", name: "Ana", email: "ana@example.com", phone: "\u200B", message: "Hi" }))).toEqual({
      phone: "phoneRequiredResidential",
    });
    // A name in any script, or with a joiner inside it (emoji, Indic scripts), is a name.
    expect(contactFormSchema.safeParse({ type: "residential", name: "श्री\u200Dराम", email: "ana@example.com", phone: "305", message: "👩\u200D👩\u200D👧" }).success).toBe(true);
  });

  it("takes each type's fields, and refuses any other type", () => {
    expect(contactFormSchema.parse({ type: "commercial", name: "Ana", businessName: "Café", email: "ana@example.com", message: "Hi" })).toEqual({
      type: "commercial",
      name: "Ana",
      businessName: "Café",
      email: "ana@example.com",
      message: "Hi",
    });
    expect(contactFormSchema.parse({ type: "residential", name: "Ana", email: "ana@example.com", phone: "305", message: "Hi", businessName: "x" })).toEqual({
      type: "residential",
      name: "Ana",
      email: "ana@example.com",
      phone: "305",
      message: "Hi",
    });
    expect(contactFormSchema.safeParse({ type: "host", name: "Ana", email: "ana@example.com", phone: "305", message: "Hi" }).success).toBe(false);
  });
});

describe("the waitlist's request (product.md AREA-3)", () => {
  const request = { email: "ana@example.com", zip: "33180", language: "es" };

  it("takes an e-mail, a 5-digit ZIP (spaces around it ignored) and a language", () => {
    expect(waitlistRequest.parse({ ...request, zip: " 33180 " })).toEqual(request);
  });

  it("refuses anything but 5 digits as the ZIP, with zipInvalid", () => {
    for (const zip of ["3318", "331800", "3318a", "a3318", "abcde", "33180x", "x33180", ""]) {
      expect(fields(waitlistRequest.safeParse({ ...request, zip })), zip).toEqual({ zip: "zipInvalid" });
    }
  });
});

describe("the other requests and answers", () => {
  it("the calls named by an e-mail take only an e-mail", () => {
    for (const name of ["deleteClient", "setActive", "createPortalSession"] as const) {
      expect(calls[name].params.parse({ email: " Ana@Example.com " }), name).toEqual({ email: "ana@example.com" });
      expect(calls[name].params.safeParse({ email: "ana" }).success, name).toBe(false);
    }
  });

  it("the area check answers a boolean or an object saying whether the area is available (product-spec §7)", () => {
    const answer = { available: false, area: "Aventura", comingSoon: true };
    expect(serviceAreaAnswer.parse(answer)).toEqual(answer);
    expect(serviceAreaAnswer.parse({ available: true, area: "Downtown & Brickell", deliveryTime: "same-day" })).toEqual({
      available: true,
      area: "Downtown & Brickell",
      deliveryTime: "same-day",
    });
    expect(serviceAreaAnswer.parse(true)).toBe(true);
    expect(serviceAreaAnswer.safeParse({ area: "Aventura" }).success).toBe(false);
  });
});
