// The site shell: every route in both languages, the language rule, the not-found page, the mobile menu.
import { test, expect, useLanguage } from "./fixtures";

const routes = [
  "/", "/about", "/services", "/pricing", "/service-areas", "/faq", "/airbnb-hosts", "/blog", "/how-it-works",
  "/login", "/signup", "/contact", "/payment-success", "/privacy", "/terms",
];

for (const language of ["en", "es"] as const) {
  test.describe(`every route in ${language}`, () => {
    for (const route of routes) {
      test(`${route} shows the header, the footer and one heading`, async ({ page }) => {
        await useLanguage(page, language);
        await page.goto(route);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("contentinfo").getByRole("link", { name: language === "en" ? "Privacy" : "Privacidad" })).toBeVisible();
        await expect(page.getByRole("contentinfo").getByText("Coconut Grove")).toBeVisible();
      });
    }
  });
}

test("an unknown route shows the not-found page in English", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown route shows the not-found page in Spanish", async ({ page }) => {
  await useLanguage(page, "es");
  await page.goto("/still/missing");
  await expect(page.getByRole("heading", { level: 1, name: "¡Ups! Página no encontrada" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
});

test.describe("language rule", () => {
  test("a Spanish browser gets Spanish", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("link", { name: "Agendar recogida" }).first()).toBeVisible();
    await context.close();
  });

  test("any other browser language gets English", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("the saved choice wins over a Spanish browser, and the footer switch saves", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("language", "en");
        sessionStorage.setItem("seeded", "1");
      }
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Switch language to Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("button", { name: "Cambiar idioma a English" })).toBeVisible();
    await context.close();
  });
});

test("the mobile menu opens and reaches every link at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, "en");
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const names = ["About", "Services", "Pricing", "Areas", "FAQ", "For Hosts", "Blog", "How It Works", "Contact", "Login", "Schedule Pickup"];
  for (const name of names) {
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name, exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
});
