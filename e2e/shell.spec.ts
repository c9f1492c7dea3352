// The site shell: every route in both languages, the language rule, the not-found page, the mobile menu.
import { test, expect, expectHydrated, expectNoAxeViolations, storeLanguageOnce, useLanguage } from "./fixtures";

/**
 * Opens the home page and waits until it is interactive (the footer's year fills in once it has hydrated): a click
 * before that is a plain page load, not the in-app navigation these tests are about.
 */
async function openHome(page: import("@playwright/test").Page) {
  await page.goto("/");
  await expectHydrated(page);
}

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

test.describe("an unknown route", () => {
  // The browser's own line for a document answered 404.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });

  test("an unknown route shows the not-found page in English", async ({ page }) => {
    await useLanguage(page, "en");
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown route shows the not-found page in Spanish", async ({ page }) => {
    await useLanguage(page, "es");
    await page.goto("/still/missing");
    await expect(page).toHaveURL(/\/es\/still\/missing$/);
    await expect(page.getByRole("heading", { level: 1, name: "¡Ups! Página no encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
  });
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
    await storeLanguageOnce(page, "en");
    await openHome(page);
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
  test.slow(); // eleven pages opened from the menu: timed out at 30 s at load 15 to 20
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, "en");
  await openHome(page);
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

test("while the first page's code loads, the pre-rendered page is already on screen: header, footer and content", async ({ page }) => {
  await useLanguage(page, "en");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/pricing-page-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/pricing", { waitUntil: "commit" });
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Simple, honest pricing" })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const started = () => page.evaluate(() => Object.keys(document.getElementById("root")!).some((k) => k.startsWith("__reactContainer")));
  expect(await started(), "React waits for the page's code").toBe(false);
  release();
  await expect.poll(started).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: "Simple, honest pricing" })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
});

test.describe("a page that fails", () => {
  test.use({ allowedConsoleErrors: [/^Failed to load resource|^The page failed:/] });

  /** Counts full page loads, so a test can tell an automatic reload happened, and how often. */
  function countDocumentLoads(page: import("@playwright/test").Page) {
    const loads = { count: 0 };
    page.on("request", (request) => {
      if (request.resourceType() === "document") loads.count += 1;
    });
    return loads;
  }

  test("to load in a tab opened before a deploy: the click reloads straight into the page asked for", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, "en");
    const loads = countDocumentLoads(page);
    let oldBuildRequests = 0;
    // The tab's build named a chunk the server no longer has; after a reload the current build loads.
    await page.route(/\/assets\/services-page-[\w-]+\.js$/, (route) =>
      oldBuildRequests++ === 0 ? route.fulfill({ status: 404, contentType: "application/json", body: "{}" }) : route.continue(),
    );
    await openHome(page);
    await page.getByRole("banner").getByRole("link", { name: "Services", exact: true }).click();

    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1, name: "Laundry care for every kind of week" })).toBeVisible();
    expect(loads.count, "the first load and one automatic reload").toBe(2);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test("to load after a deploy reloads once, then says so inside the layout; Try again loads it (en)", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, "en");
    const loads = countDocumentLoads(page);
    let chunkGone = true;
    await page.route(/\/assets\/pricing-page-[\w-]+\.js$/, (route) =>
      chunkGone ? route.fulfill({ status: 404, contentType: "application/json", body: '{"error":{"code":"not_found"}}' }) : route.continue(),
    );
    await openHome(page);
    await page.getByRole("banner").getByRole("link", { name: "Pricing", exact: true }).click();

    await expect(page.getByRole("heading", { level: 1, name: "We couldn't load this page" })).toBeVisible();
    expect(loads.count, "the first load and one automatic reload").toBe(2);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("alert").filter({ hasText: "Check your connection and try again." })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page).toHaveTitle("We couldn't load this page · FreshFold Laundry");
    await expectNoAxeViolations(page);

    chunkGone = false;
    await page.getByRole("main").getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Simple, honest pricing" })).toBeVisible();
    expect(loads.count).toBe(3);
  });

  test("to load when the connection drops says so in Spanish, and the way home works", async ({ page }) => {
    await useLanguage(page, "es");
    const loads = countDocumentLoads(page);
    await page.route(/\/assets\/faq-page-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/es/faq");

    await expect(page.getByRole("heading", { level: 1, name: "No pudimos cargar esta página" })).toBeVisible();
    expect(loads.count, "the first load and one automatic reload").toBe(2);
    await expect(page.getByRole("alert").filter({ hasText: "Revisa tu conexión e inténtalo de nuevo." })).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Intentar de nuevo" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Volver al inicio" }).click();
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(loads.count, "home is a client-side navigation").toBe(2);
  });

  test("while it runs shows the error at once, without reloading (en, es)", async ({ page }) => {
    await storeLanguageOnce(page, "en");
    const loads = countDocumentLoads(page);
    await page.route(/\/assets\/hosts-page-[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: 'throw new Error("a bug in the page");' }),
    );
    await page.goto("/airbnb-hosts");
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "This page ran into a problem on our side." })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    expect(loads.count).toBe(1);

    await page.getByRole("button", { name: "Switch language to Español" }).click();
    await expect(page).toHaveURL(/\/es\/airbnb-hosts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Algo salió mal" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
