// The Payment Error toast words every refusal the checkout call can answer in the visitor's language, never in
// the server's English (server/services/checkout.ts, server/auth/ownership.ts) nor the browser's.
import { describe, expect, it } from "vitest";
import { setupI18n } from "@lingui/core";
import { messages as english } from "../../locales/en/signup";
import { messages as spanish } from "../../locales/es/signup";
import { checkoutErrorText } from "../../src/signup/signup-messages";

const refusals = ["area_unavailable", "day_unavailable", "day_full", "client_active", "conflict", "rate_limited", "too_many_checkouts", "payment_provider_error"];

describe("the checkout's refusals in words", () => {
  it("has a text of its own for each, in English and in Spanish", () => {
    const i18n = setupI18n({ messages: { en: english, es: spanish } });
    i18n.activate("en");
    const inEnglish = refusals.map((code) => checkoutErrorText(i18n, code));
    i18n.activate("es");
    const inSpanish = refusals.map((code) => checkoutErrorText(i18n, code));
    const fallback = "Algo salió mal. Por favor, inténtalo de nuevo.";
    expect(new Set(inSpanish).size).toBe(refusals.length);
    expect(inSpanish).not.toContain(fallback);
    inSpanish.forEach((text, index) => expect(text, refusals[index]).not.toBe(inEnglish[index]));
    expect(inSpanish[refusals.indexOf("conflict")]).toBe("Se acaba de abrir otro pago con este correo. Por favor, inténtalo de nuevo.");
  });

  it("says the spec's fallback in the page's language for anything else: a lost connection, a server error", () => {
    const i18n = setupI18n({ messages: { en: english, es: spanish } });
    i18n.activate("es");
    // What the machine is given then: no code (Failed to fetch), or a code no visitor can act on.
    for (const code of [undefined, "internal_error", "validation_failed"]) expect(checkoutErrorText(i18n, code)).toBe("Algo salió mal. Por favor, inténtalo de nuevo.");
    i18n.activate("en");
    expect(checkoutErrorText(i18n, undefined)).toBe("Something went wrong. Please try again.");
  });
});
