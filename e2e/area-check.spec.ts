// Area checks people can see (product.md AREA-2, AREA-3), in both languages: the home hero's ZIP check names a
// served ZIP's area and delivery time and leads to /signup?zip=<zip> with the ZIP filled in and confirmed; a
// coming-soon ZIP on /service-areas and in step 1 offers "tell me when you arrive", which is sent, confirmed,
// and says to wait when rate limited.
import { expect, type Page } from "@playwright/test";
import { at, expectNoAxeViolations, test, useLanguage, type Language } from "./fixtures";

const text = {
  en: {
    zip: "ZIP code",
    check: "Check my ZIP",
    served: "Good news! We serve Downtown & Brickell.",
    delivery: "Delivery time: Same day",
    signUp: "Sign up with ZIP 33131",
    soon: "We're coming soon to Aventura!",
    email: "Your email",
    join: "Tell me when you arrive",
    joined: "You're on the list! We'll e-mail ana@example.com when we arrive in Aventura.",
    rateLimited: "Too many attempts. Please wait a minute and try again.",
    notServed: "We're not in your area yet!",
  },
  es: {
    zip: "Código postal",
    check: "Verificar mi código postal",
    served: "¡Buenas noticias! Damos servicio en Downtown y Brickell.",
    delivery: "Tiempo de entrega: El mismo día",
    signUp: "Inscríbete con el código postal 33131",
    soon: "¡Pronto llegamos a Aventura!",
    email: "Tu correo electrónico",
    join: "Avísenme cuando lleguen",
    joined: "¡Ya estás en la lista! Le escribiremos a ana@example.com cuando lleguemos a Aventura.",
    rateLimited: "Demasiados intentos. Espera un minuto e inténtalo de nuevo.",
    notServed: "¡Todavía no llegamos a tu zona!",
  },
} satisfies Record<Language, unknown>;

/** The live ZIP check of the page's main content (the still one is swapped out once the page is interactive). */
async function zipCheck(page: Page, language: Language) {
  const form = page.getByRole("main").getByRole("form", { name: language === "en" ? "Check your ZIP code" : "Verifica tu código postal" });
  await expect(form).toHaveAttribute("data-testid", "zip-check-live");
  return form;
}

for (const language of ["en", "es"] as const) {
  const t = text[language];

  test(`home hero: a served ZIP names its area and delivery time and opens /signup?zip= with the ZIP filled in (${language})`, async ({ page }) => {
    test.slow();
    await useLanguage(page, language);
    await page.goto(at(language, "/"));
    const form = await zipCheck(page, language);
    await form.getByRole("textbox", { name: t.zip }).fill("33131");
    await form.getByRole("button", { name: t.check }).click();
    const main = page.getByRole("main");
    await expect(main.getByText(t.served)).toBeVisible();
    await expect(main.getByText(t.delivery)).toBeVisible();
    await expectNoAxeViolations(page);
    const signUp = main.getByRole("link", { name: t.signUp });
    await expect(signUp).toHaveAttribute("href", at(language, "/signup?zip=33131"));
    await signUp.click();
    await expect(page).toHaveURL(new RegExp(`${at(language, "/signup")}`));
    await expect(page.getByRole("textbox", { name: t.zip })).toHaveValue("33131");
    // Step 1 checks it at once and confirms it visibly.
    await expect(page.getByTestId("area-confirmation")).toContainText(t.served);
    await expect(page.getByTestId("area-confirmation")).toContainText(t.delivery);
  });

  test(`/service-areas: a coming-soon ZIP says so and the waitlist sends the e-mail, ZIP and language, then confirms (${language})`, async ({ page }) => {
    test.slow();
    await useLanguage(page, language);
    await page.goto(at(language, "/service-areas"));
    const form = await zipCheck(page, language);
    await form.getByRole("textbox", { name: t.zip }).fill("33180");
    await form.getByRole("button", { name: t.check }).click();
    const soon = page.getByTestId("coming-soon");
    await expect(soon.getByText(t.soon)).toBeVisible();
    await soon.getByRole("textbox", { name: t.email }).fill("Ana@Example.com");
    const request = page.waitForRequest((r) => r.url().endsWith("/api/waitlist") && r.method() === "POST");
    await soon.getByRole("button", { name: t.join }).click();
    expect((await request).postDataJSON()).toEqual({ email: "ana@example.com", zip: "33180", language });
    await expect(page.getByTestId("waitlist-confirmation")).toHaveText(t.joined);
    await expectNoAxeViolations(page);
    // A ZIP neither served nor coming soon says so.
    await form.getByRole("textbox", { name: t.zip }).fill("90210");
    await form.getByRole("button", { name: t.check }).click();
    await expect(page.getByRole("main").getByText(t.notServed)).toBeVisible();
  });

  test.describe("waitlist rate limited", () => {
    test.use({ allowedConsoleErrors: [/status of 429/] });
    test(`step 1: a coming-soon ZIP offers the waitlist, which says to wait when rate limited (${language})`, async ({ page }) => {
      test.slow();
      await useLanguage(page, language);
      await page.route("**/api/waitlist", (route) =>
        route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests." } }) }),
      );
      await page.goto(at(language, "/signup?zip=33180"));
      await expect(page.getByText(t.notServed).first()).toBeVisible();
      const soon = page.getByTestId("coming-soon");
      await expect(soon.getByText(t.soon)).toBeVisible();
      await soon.getByRole("textbox", { name: t.email }).fill("ana@example.com");
      await soon.getByRole("button", { name: t.join }).click();
      await expect(soon.getByText(t.rateLimited)).toBeVisible();
      await expect(soon.getByRole("textbox", { name: t.email })).toHaveValue("ana@example.com");
      await expectNoAxeViolations(page);
    });
  });
}
