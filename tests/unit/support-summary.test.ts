// The support panel's plain lines: every state of every machine has words, in English and Spanish, and the
// sign-up's line names the step and what the checks answered.
import { describe, expect, it } from "vitest";
import { setupI18n, type I18n } from "@lingui/core";
import type { AnyStateMachine } from "xstate";
import { messages as english } from "../../locales/en/support";
import { messages as spanish } from "../../locales/es/support";
import { summarizedMachines, summaryLine } from "../../src/support/summary";

const machineModules = import.meta.glob<Record<string, unknown>>("../../machines/*.machine.ts", { eager: true });
const machines = Object.values(machineModules)
  .flatMap((module) => Object.values(module))
  .filter((value): value is AnyStateMachine => typeof value === "object" && value !== null && "root" in value && "provide" in value);

function i18nFor(locale: "en" | "es"): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: locale === "en" ? english : spanish });
  return i18n;
}

/** Every leaf state as a state value, e.g. ["step1", "area", "checking"] → { step1: { area: "checking" } }. */
function leafValues(machine: AnyStateMachine): { path: string; value: unknown }[] {
  const leaves: string[][] = [];
  const walk = (node: { path: string[]; states: Record<string, unknown> }) => {
    const children = Object.values(node.states) as (typeof node)[];
    if (children.length === 0) leaves.push(node.path);
    children.forEach(walk);
  };
  walk(machine.root as never);
  return leaves.map((path) => ({ path: path.join("."), value: path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), undefined) }))
    .map(({ path, value }) => ({ path, value: collapse(value) }));
}
const collapse = (value: unknown): unknown => {
  if (!value || typeof value !== "object") return value;
  const [key, inner] = Object.entries(value)[0]!;
  return inner === undefined ? key : { [key]: collapse(inner) };
};

describe("support summary lines", () => {
  it("cover every machine of the site", () => {
    expect(machines.map((m) => m.id).sort()).toEqual([...summarizedMachines].sort());
  });

  for (const locale of ["en", "es"] as const) {
    it(`give every state of every machine its own words (${locale})`, () => {
      const i18n = i18nFor(locale);
      for (const machine of machines) {
        for (const { path, value } of leafValues(machine)) {
          const line = summaryLine(i18n, machine.id, value, {});
          expect(line, `${machine.id} ${path}`).not.toMatch(/: ?$/);
        }
      }
    });
  }

  it("name the sign-up's step and what the checks answered", () => {
    const en = i18nFor("en");
    const context = { form: { address: { zip: "90210" }, picks: ["2026-12-01"], startDate: "2026-11-30" }, editing: false };
    expect(summaryLine(en, "signup", { step1: { email: "free", area: "unavailable", submit: "editing" } }, context)).toBe(
      "Sign-up: step 1 — ZIP 90210 not served; e-mail check passed",
    );
    expect(summaryLine(en, "signup", { step1: { email: "taken", area: "checking", submit: "waiting" } }, context)).toBe(
      "Sign-up: step 1 — ZIP 90210 being checked; the e-mail belongs to an existing customer; Continue pressed, waiting for the checks",
    );
    expect(summaryLine(en, "signup", { step1: { email: "unknown", area: "unknown", submit: "editing" } }, context)).toBe(
      "Sign-up: step 1 — ZIP 90210 could not be checked (checked again at payment); e-mail could not be checked (checked again at payment)",
    );
    expect(summaryLine(en, "signup", { step4: "loaded" }, context)).toBe("Sign-up: step 4 — start date 2026-11-30, 1 of 2 pickup days picked");
    expect(summaryLine(en, "signup", "step3", { form: { fabricSoftener: false }, editing: true })).toBe(
      "Sign-up: step 3 — without fabric softener; opened from the review's Edit link",
    );
    expect(summaryLine(en, "signup", { step6: { checkout: "requesting" } }, context)).toBe("Sign-up: step 6 — asking for the payment page");
    expect(summaryLine(en, "signup", { step6: { review: "stalled" } }, context)).toBe(
      "Sign-up: step 6 — the payment page did not open: the summary again, with its link",
    );

    const es = i18nFor("es");
    expect(summaryLine(es, "signup", { step1: { email: "free", area: "unavailable", submit: "editing" } }, context)).toBe(
      "Inscripción: paso 1 — el ZIP 90210 no tiene servicio; el correo pasó la verificación",
    );
    expect(summaryLine(es, "signup", "step2", { form: { detergent: "hypoallergenic" } })).toBe("Inscripción: paso 2 — detergente: hipoalergénico");
    expect(summaryLine(es, "signup", { step6: { review: "stalled" } }, context)).toBe(
      "Inscripción: paso 6 — la página de pago no abrió: el resumen otra vez, con su enlace",
    );
  });

  it("say when the portal redirect's page came back from the billing portal and is loading afresh", () => {
    expect(summaryLine(i18nFor("en"), "portalRedirect", "returned", {})).toBe("Billing portal: back from the billing portal: loading the page afresh");
    expect(summaryLine(i18nFor("es"), "portalRedirect", "returned", {})).toBe(
      "Portal de facturación: de vuelta del portal de facturación: cargando la página de nuevo",
    );
  });

  it("read a parallel machine's regions together", () => {
    const en = i18nFor("en");
    expect(summaryLine(en, "paymentSuccess", { sequence: "sendingWelcome", portal: "ready" }, {})).toBe(
      "After payment: sending the welcome e-mail; portal button on",
    );
  });
});
