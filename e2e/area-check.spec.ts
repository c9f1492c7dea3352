// Area checks people can see (product.md AREA-2, AREA-3), in both languages: the home hero's ZIP check names a
// served ZIP's area and delivery time and leads to /signup?zip=<zip> with the ZIP filled in and confirmed; a
// coming-soon ZIP on /service-areas and in step 1 offers "tell me when you arrive", which is sent, confirmed,
// and says to wait when rate limited.
import { expect, type Page } from "@playwright/test";
import { at, expectFocusedText, expectHydrated, expectNoAxeViolations, holdScripts, test, useLanguage, type Language } from "./fixtures";
import { tr } from "./checkout-helpers";
import { CHECK_DEADLINE_MS } from "../src/api/deadline";

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
    checking: "Checking...",
    checkFailed: "We couldn't check your ZIP right now. Please try again.",
  },
  es: {
    zip: "Código postal",
    check: "Verificar mi código postal",
    served: "¡Buenas noticias! Damos servicio en Downtown y Brickell.",
    delivery: "Tiempo de entrega: El mismo día",
    signUp: "Regístrate con el código postal 33131",
    soon: "¡Pronto llegamos a Aventura!",
    email: "Tu correo electrónico",
    join: "Avísenme cuando lleguen",
    joined: "¡Ya estás en la lista! Te escribiremos a ana@example.com cuando lleguemos a Aventura.",
    rateLimited: "Demasiados intentos. Espera un minuto e inténtalo de nuevo.",
    notServed: "¡Todavía no llegamos a tu zona!",
    checking: "Verificando...",
    checkFailed: "No pudimos verificar tu código postal en este momento. Por favor, inténtalo de nuevo.",
  },
} satisfies Record<Language, unknown>;

/** The ZIP check of the page's main content, still or live. */
const anyZipCheck = (page: Page, language: Language) =>
  page.getByRole("main").getByRole("form", { name: language === "en" ? "Check your ZIP code" : "Verifica tu código postal" });

/** The live ZIP check of the page's main content (the still one is swapped out once the page is interactive). */
async function zipCheck(page: Page, language: Language) {
  const form = anyZipCheck(page, language);
  await expect(form).toHaveAttribute("data-testid", "zip-check-live");
  return form;
}

/** The live check's code, zip-check-<hash>.js (zip-check-still-<hash>.js is the still one's). */
const liveZipCheckCode = /\/assets\/zip-check-(?!still-)[^/]+\.js$/;

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

  test(`home hero: a check that never answers gives up after the deadline, says so, keeps the ZIP and can be tried again (${language})`, async ({ page }) => {
    test.slow();
    await useLanguage(page, language);
    // The page's timers run as usual; the test moves its clock past the deadline instead of waiting for it.
    await page.clock.install();
    let stalled = true;
    await page.route("**/api/service_area/*", (route) => (stalled ? undefined : route.continue()));
    await page.goto(at(language, "/"));
    const form = await zipCheck(page, language);
    const zip = form.getByRole("textbox", { name: t.zip });
    await zip.fill("33131");
    await form.getByRole("button", { name: t.check }).click();
    await expect(form.getByRole("button", { name: t.checking })).toBeDisabled();
    await page.clock.fastForward(CHECK_DEADLINE_MS - 1000);
    await expect(form.getByRole("button", { name: t.checking })).toBeDisabled();
    await page.clock.fastForward(1000);
    await expect(page.getByRole("main").getByText(t.checkFailed)).toBeVisible();
    await expect(zip).toHaveValue("33131");
    stalled = false;
    await form.getByRole("button", { name: t.check }).click();
    await expect(page.getByRole("main").getByText(t.served)).toBeVisible();
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
    // The button pressed gave way to the confirmation, which takes the focus (not the page's top): the catalog's words.
    const joined = tr("zip-check", "You're on the list! We'll e-mail {shownEmail} when we arrive in {0}.", language)
      .replace("{shownEmail}", "ana@example.com")
      .replace("{0}", "Aventura");
    await expect(page.getByTestId("waitlist-confirmation")).toBeFocused();
    await expectFocusedText(page, joined);
    await expectNoAxeViolations(page);
    // A ZIP neither served nor coming soon says so.
    await form.getByRole("textbox", { name: t.zip }).fill("90210");
    await form.getByRole("button", { name: t.check }).click();
    await expect(page.getByRole("main").getByText(t.notServed)).toBeVisible();
  });

  test.describe("rate limited", () => {
    test.use({ allowedConsoleErrors: [/status of 429/] });
    test(`home hero: a rate-limited ZIP check says to wait a minute, not that the check failed, and keeps the ZIP (${language})`, async ({ page }) => {
      test.slow();
      await useLanguage(page, language);
      await page.route("**/api/service_area/*", (route) =>
        route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests." } }) }),
      );
      await page.goto(at(language, "/"));
      const form = await zipCheck(page, language);
      const zip = form.getByRole("textbox", { name: t.zip });
      await zip.fill("33131");
      await form.getByRole("button", { name: t.check }).click();
      await expect(page.getByRole("main").getByText(t.rateLimited)).toBeVisible();
      await expect(page.getByRole("main").getByText(t.checkFailed)).toHaveCount(0);
      await expect(zip).toHaveValue("33131");
      await expectNoAxeViolations(page);
    });

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

// The still check is plain HTML, typed into before the page hydrates (its form works without JavaScript); the
// live one replaces it once the page is interactive and its code is here, and must start from what was typed.
test.describe("the still ZIP check, before the live one takes over", () => {
  for (const [language, path, pageCode] of [
    ["en", "/", "home-route"],
    ["es", "/service-areas", "service-areas-page"],
  ] as const) {
    const t = text[language];
    test(`${at(language, path)}: what is typed before the page hydrates and before the live check arrives carries over, with the focus (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      const releasePage = await holdScripts(page, `**/assets/${pageCode}-*.js`);
      const releaseLive = await holdScripts(page, liveZipCheckCode);
      await page.goto(at(language, path), { waitUntil: "domcontentloaded" });
      const form = anyZipCheck(page, language);
      const field = form.getByRole("textbox", { name: t.zip });
      await expect(form).not.toHaveAttribute("data-testid", "zip-check-live");
      await field.click();
      await page.keyboard.type("33");

      // Hydrated once the page asks for the live check, which is held: the still one stays, with what was typed.
      const liveAsked = page.waitForRequest(liveZipCheckCode);
      releasePage();
      await liveAsked;
      await expect(form).not.toHaveAttribute("data-testid", "zip-check-live");
      await expect(field).toBeFocused();
      await page.keyboard.type("13");
      await expect(field).toHaveValue("3313");

      releaseLive();
      await expect(form).toHaveAttribute("data-testid", "zip-check-live");
      await expect(field).toHaveValue("3313");
      await expect(field).toBeFocused();
      // What is typed now reaches the live check's machine.
      await page.keyboard.type("1");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main").getByText(t.served)).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: t.signUp })).toHaveAttribute("href", at(language, "/signup?zip=33131"));
    });
  }

  test("the live check takes the ZIP over without the focus when the still field did not have it (en)", async ({ page }) => {
    await useLanguage(page, "en");
    const releaseLive = await holdScripts(page, liveZipCheckCode);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const form = anyZipCheck(page, "en");
    const field = form.getByRole("textbox", { name: text.en.zip });
    await field.fill("33180");
    await form.getByRole("button", { name: text.en.check }).focus();
    releaseLive();
    await expect(form).toHaveAttribute("data-testid", "zip-check-live");
    await expect(field).toHaveValue("33180");
    await expect(field).not.toBeFocused();
  });

  // All at once, the live check's code ran in one task of about 200 ms on a slow phone just after the load.
  test("the live check's code comes in two steps: its libraries (the machine, the API client, react-aria's field and button), then the check itself (en)", async ({ page }) => {
    const machine = /\/assets\/zip-check\.machine-[^/]+\.js$/;
    const field = /\/assets\/text-field-[^/]+\.js$/;
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    const askedFor = (pattern: RegExp) => asked.filter((path) => pattern.test(path));
    await useLanguage(page, "en");
    const releaseMachine = await holdScripts(page, machine);
    const machineAsked = page.waitForRequest(machine);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await machineAsked;
    await expectHydrated(page);
    await expect.poll(() => askedFor(field)).toHaveLength(1);
    // Its catalog only (zip-check-<hash>.js as well, asked for beside the libraries): the check's own code waits.
    await expect.poll(() => askedFor(liveZipCheckCode)).toHaveLength(1);

    releaseMachine();
    const form = await zipCheck(page, "en");
    expect(askedFor(liveZipCheckCode)).toHaveLength(2);
    await form.getByRole("textbox", { name: text.en.zip }).fill("33131");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main").getByText(text.en.served)).toBeVisible();
  });

  test("before the page hydrates, the still check opens /signup?zip= as it does without JavaScript (en)", async ({ page }) => {
    await useLanguage(page, "en");
    await holdScripts(page, "**/assets/home-route-*.js");
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const form = anyZipCheck(page, "en");
    await expect(form).not.toHaveAttribute("data-testid", "zip-check-live");
    await form.getByRole("textbox", { name: text.en.zip }).fill("33131");
    // The form's own GET, seen as the browser sends it: once the sign-up page hydrates, its step history
    // rewrites the address to /signup, at times before a look at the address could catch the query.
    const opened = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === "/signup");
    await page.keyboard.press("Enter");
    expect(new URL((await opened).url()).search).toBe("?zip=33131");
    await expect(page).toHaveURL(/\/signup(\?zip=33131)?$/);
    await expect(page.getByRole("textbox", { name: text.en.zip })).toHaveValue("33131");
    await expect(page.getByTestId("area-confirmation")).toContainText(text.en.served);
    // The home page's code, held to the end, was never needed.
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
