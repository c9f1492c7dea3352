// The facts a buyer looks for and honest pricing (issue 13, items 11 and 12), in both languages: pricing says
// both buttons open the one subscription and that the hypoallergenic detergent chosen at sign-up is included;
// pricing, the FAQ and the sign-up's review show the four facts (the operator's values in src/config/brand.ts).
import { expect, type Locator } from "@playwright/test";
import { buyerFacts, formatHour } from "../src/config/brand";
import { at, expectNoAxeViolations, test, useLanguage, type Language } from "./fixtures";
import { availableDays, makeClient, seedSavedCheckout } from "./checkout-helpers";

const text = {
  en: {
    oneSubscription: "Both buttons open the same sign-up: there is one subscription.",
    included: "Chosen at sign-up, it is part of your plan at no extra cost",
    covers: "What your plan covers",
    facts: [
      `Up to ${buyerFacts.poundsPerPickup} lb per pickup`,
      `Pickup between ${formatHour(buyerFacts.pickupWindow.from, "en")} and ${formatHour(buyerFacts.pickupWindow.to, "en")}`,
      "The bag",
      `we reimburse up to $${buyerFacts.lostOrDamaged.perItemUsd} per item`,
    ],
    choose: ["Choose Weekly Plan", "Choose First Week Promo"],
  },
  es: {
    oneSubscription: "Los dos botones llevan al mismo registro: hay una sola suscripción.",
    included: "Si lo eliges al registrarte, es parte de tu plan sin costo adicional",
    covers: "Lo que cubre tu plan",
    facts: [
      `Hasta ${buyerFacts.poundsPerPickup} libras por recogida`,
      `Recogida entre las ${formatHour(buyerFacts.pickupWindow.from, "es")} y las ${formatHour(buyerFacts.pickupWindow.to, "es")}`,
      "La bolsa",
      `te reembolsamos hasta $${buyerFacts.lostOrDamaged.perItemUsd} por prenda`,
    ],
    choose: ["Elegir Plan Semanal", "Elegir Promo Primera Semana"],
  },
} satisfies Record<Language, unknown>;

async function expectFacts(scope: Locator, facts: string[]) {
  const list = scope.getByTestId("buyer-facts");
  for (const fact of facts) await expect(list.getByText(fact, { exact: false })).toBeVisible();
}

for (const language of ["en", "es"] as const) {
  const t = text[language];

  test(`pricing: one subscription behind both buttons, hypoallergenic included at sign-up, the plan's facts (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto(at(language, "/pricing"));
    const main = page.getByRole("main");
    const note = main.locator("#one-subscription");
    await expect(note).toContainText(t.oneSubscription);
    for (const name of t.choose) {
      const button = main.getByRole("link", { name });
      await expect(button).toHaveAttribute("href", at(language, "/signup"));
      await expect(button).toHaveAttribute("aria-describedby", "one-subscription");
    }
    await expect(main.getByText(t.included)).toBeVisible();
    await expectFacts(main, t.facts);
    await expectNoAxeViolations(page);
  });

  test(`the FAQ and the sign-up's review show the plan's facts (${language})`, async ({ page }) => {
    test.slow();
    await useLanguage(page, language);
    await page.goto(at(language, "/faq"));
    await expect(page.getByRole("heading", { name: t.covers })).toBeVisible();
    await expectFacts(page.getByRole("main"), t.facts);
    await expectNoAxeViolations(page);

    const client = makeClient(`facts-${language}-${Date.now()}@example.com`, await availableDays(page.request, language === "en" ? 20 : 21), language);
    await seedSavedCheckout(page, client);
    await page.goto(at(language, "/signup?resume=1"));
    await expect(page.getByRole("heading", { name: t.covers })).toBeVisible();
    await expectFacts(page.getByRole("main"), t.facts);
    await expectNoAxeViolations(page);
  });
}
