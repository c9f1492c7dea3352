// The contact form's validation rules of product.md CON-1, through the contract's contactFormSchema.
import { describe, expect, it } from "vitest";
import { emptyContactValues, validateContactForm, type ContactValues } from "#machines/contact-form.machine";

const values = (v: Partial<ContactValues>): ContactValues => ({ ...emptyContactValues, ...v });
const commercial = values({ name: "Ana", businessName: "Café Brickell", email: "ana@example.com", message: "Hello" });
const residential = values({ name: "Ana", email: "ana@example.com", phone: "(305) 555-0100", message: "Hello" });

describe("contact form validation", () => {
  it("commercial needs name, business name, email and message; phone is optional", () => {
    expect(validateContactForm("commercial", commercial)).toMatchObject({ ok: true });
    expect(validateContactForm("commercial", emptyContactValues)).toEqual({
      ok: false,
      errors: { name: "nameRequired", businessName: "businessNameRequired", email: "emailRequired", message: "messageRequired" },
    });
  });

  it("residential needs name, email, phone and message; no business name", () => {
    expect(validateContactForm("residential", residential)).toMatchObject({ ok: true });
    expect(validateContactForm("residential", emptyContactValues)).toEqual({
      ok: false,
      errors: { name: "nameRequired", email: "emailRequired", phone: "phoneRequiredResidential", message: "messageRequired" },
    });
  });

  it("an address without the simple pattern is emailInvalid, an empty one emailRequired", () => {
    for (const email of ["ana", "ana@example", "ana example@x.com", "@example.com", "a@b."]) {
      expect(validateContactForm("commercial", { ...commercial, email })).toEqual({ ok: false, errors: { email: "emailInvalid" } });
    }
    expect(validateContactForm("commercial", { ...commercial, email: "   " })).toEqual({ ok: false, errors: { email: "emailRequired" } });
  });

  it("values are trimmed: whitespace alone is missing, and what is sent has no padding", () => {
    expect(validateContactForm("residential", { ...residential, name: "   ", phone: " \t ", message: "\n" })).toEqual({
      ok: false,
      errors: { name: "nameRequired", phone: "phoneRequiredResidential", message: "messageRequired" },
    });
    const result = validateContactForm("commercial", { ...commercial, name: "  Ana  ", businessName: " Café ", phone: " 305 ", message: " Hi " });
    expect(result).toEqual({
      ok: true,
      data: { type: "commercial", name: "Ana", businessName: "Café", email: "ana@example.com", phone: "305", message: "Hi" },
    });
  });

  it("a commercial form sends no phone when none is given, a residential one no business name", () => {
    expect(validateContactForm("commercial", { ...commercial, phone: "  " })).toEqual({
      ok: true,
      data: { type: "commercial", name: "Ana", businessName: "Café Brickell", email: "ana@example.com", message: "Hello" },
    });
    const result = validateContactForm("residential", { ...residential, businessName: "Ignored" });
    expect(result.ok && "businessName" in result.data).toBe(false);
  });

  it("an over-long field shows that field's message (the length caps have no key of their own)", () => {
    const long = (n: number) => "a".repeat(n);
    expect(validateContactForm("commercial", { ...commercial, name: long(201), businessName: long(201), message: long(5001) })).toEqual({
      ok: false,
      errors: { name: "nameRequired", businessName: "businessNameRequired", message: "messageRequired" },
    });
    expect(validateContactForm("commercial", { ...commercial, email: `${long(250)}@example.com` })).toEqual({
      ok: false,
      errors: { email: "emailInvalid" },
    });
    expect(validateContactForm("residential", { ...residential, phone: long(41) })).toEqual({
      ok: false,
      errors: { phone: "phoneRequiredResidential" },
    });
  });
});
