// Pre-rendered pages in the browser: each hydrates without a mismatch, the language rule moves a person to
// their language's address before any page is sent, the footer switch keeps the page, and the sign-up works from both.
import { test, expect, storeLanguageOnce, useLanguage, type Language } from "./fixtures";
import { PAY_CARD, availableDays, tr } from "./checkout-helpers";
import { isoDay, uniqueSignupEmail, wizard } from "./models/signup-driver";
import { blogPosts } from "../src/resources/blog/posts";

const hydrated = [
  "/", "/about", "/services", "/pricing", "/service-areas", "/faq", "/airbnb-hosts", "/blog", "/how-it-works", "/login",
  "/contact", "/privacy", "/terms", "/signup", ...blogPosts.map((post) => `/blog/${post.slug}`),
];
const addressIn = (path: string, language: Language) => (language === "es" ? `/es${path === "/" ? "/" : path}` : path);

/** React's hydration errors (production builds report them by number: 418, 419, 422, 423, 425). */
const hydrationError = /hydrat|Minified React error #4(18|19|22|23|25)/i;

test.describe("hydration", () => {
  for (const language of ["en", "es"] as const) {
    test(`every pre-rendered page in ${language} hydrates the server's HTML, without a mismatch`, async ({ page }) => {
      test.slow();
      const problems: string[] = [];
      page.on("console", (message) => {
        if (hydrationError.test(message.text())) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      // The heading as the server sent it, before any script ran: hydration keeps this very element.
      await page.addInitScript(() =>
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector("h1");
        }),
      );
      await useLanguage(page, language);
      for (const path of hydrated) {
        const address = addressIn(path, language);
        await page.goto(address);
        await expect(page).toHaveURL(new RegExp(`${address.replace(/[/.]/g, "\\$&")}$`));
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect
          .poll(() => page.evaluate(() => Object.keys(document.getElementById("root")!).some((k) => k.startsWith("__reactContainer"))), { message: `${address} started React` })
          .toBe(true);
        await page.waitForLoadState("networkidle");
        const kept = await page.evaluate(() => {
          const before = (window as unknown as { serverHeading: Element | null }).serverHeading;
          return before !== null && before.isConnected && before === document.querySelector("h1");
        });
        expect(kept, `${address}: the pre-rendered heading is the one on screen`).toBe(true);
        expect(problems, address).toEqual([]);
      }
    });
  }
});

test.describe("the language rule moves a person to their language's address", () => {
  test("an es browser opening /pricing ends on /es/pricing in Spanish, the English page never sent", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    // Each document records its language when parsed.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        const seen = JSON.parse(sessionStorage.getItem("seen") ?? "[]") as string[];
        seen.push(document.documentElement.lang);
        sessionStorage.setItem("seen", JSON.stringify(seen));
      }),
    );
    const response = await page.goto("/pricing");
    // The server moved it (a redirect, before any page was sent), not a script in an English page.
    expect(new URL(response!.request().redirectedFrom()!.url()).pathname).toBe("/pricing");
    await expect(page).toHaveURL(/\/es\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: tr("marketing", "Simple, honest pricing", "es") })).toBeVisible();
    await expect(page.getByText("$29.99").first()).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("seen") ?? "[]") as string[])).toEqual(["es"]);
    await context.close();
  });

  test("a saved English choice opening /es/faq ends on /faq", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await useLanguage(page, "en");
    const response = await page.goto("/es/faq?tab=1#top");
    expect(new URL(response!.request().redirectedFrom()!.url()).pathname).toBe("/es/faq");
    await expect(page).toHaveURL(/\/faq\?tab=1#top$/);
    expect(new URL(page.url()).pathname).toBe("/faq");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await context.close();
  });

  test("a choice saved before the cookie existed (local storage only) still wins, and from then on the server applies it", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await storeLanguageOnce(page, "es");
    await page.goto("/faq");
    await expect(page).toHaveURL(/\/es\/faq$/);
    await expect(page.getByRole("heading", { level: 1, name: "Preguntas frecuentes" })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "language")?.value).toBe("es");
    const response = await page.goto("/pricing");
    expect(new URL(response!.request().redirectedFrom()!.url()).pathname).toBe("/pricing");
    await expect(page.getByRole("heading", { level: 1, name: tr("marketing", "Simple, honest pricing", "es") })).toBeVisible();
    await context.close();
  });

  test("a visitor with no saved choice and no Spanish browser (a crawler) stays where they landed", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/es/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Preguntas frecuentes" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/es/faq");
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/faq");
    await context.close();
  });
});

test("the footer switch saves the choice and keeps the page, both ways", async ({ page }) => {
  const savedCookie = async () => (await page.context().cookies()).find((c) => c.name === "language")?.value;
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Switch language to Español" }).click();
  await expect(page).toHaveURL(/\/es\/pricing$/);
  await expect(page.getByRole("heading", { level: 1, name: tr("marketing", "Simple, honest pricing", "es") })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
  expect(await savedCookie()).toBe("es");
  // In-site links stay in Spanish.
  await page.getByRole("contentinfo").getByRole("link", { name: "Preguntas frecuentes", exact: true }).click();
  await expect(page).toHaveURL(/\/es\/faq$/);
  await page.getByRole("button", { name: "Cambiar idioma a English" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  expect(new URL(page.url()).pathname).toBe("/faq");
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  expect(await savedCookie()).toBe("en");
});

for (const [from, to] of [["en", "es"], ["es", "en"]] as const) {
  test(`after the footer switch (${from} to ${to}), one Back leaves to the page before, in the chosen language`, async ({ page, baseURL }) => {
    // The choice in its cookie alone: the switch's own choice then holds on every load.
    await page.context().addCookies([{ name: "language", value: from, url: baseURL! }]);
    await page.goto(addressIn("/pricing", from));
    await page.goto(addressIn("/faq", from));
    await expect(page.getByRole("heading", { level: 1, name: tr("resources", "Frequently asked questions", from) })).toBeVisible();
    await page.getByRole("button", { name: to === "es" ? "Switch language to Español" : "Cambiar idioma a English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: tr("resources", "Frequently asked questions", to) })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(addressIn("/faq", to));
    // The switch took the FAQ's place in the history: Back is the pricing page, which the server moves to the chosen language.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: tr("marketing", "Simple, honest pricing", to) })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(addressIn("/pricing", to));
  });
}

for (const language of ["en", "es"] as const) {
  test(`moving between pages in the browser brings the new page's head: title, canonical, Open Graph type and JSON-LD (${language})`, async ({ page }) => {
    const endsAt = (path: string) => new RegExp(`${addressIn(path, language).replace(/[/.]/g, "\\$&")}$`);
    const head = () =>
      page.evaluate(() => ({
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
        data: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
          (s) => JSON.parse(s.textContent!) as { "@type": string; mainEntity?: { name: string }[]; makesOffer?: { price: string }[] },
        ),
      }));
    const types = async () => (await head()).data.map((d) => d["@type"]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, language);
    await page.goto(addressIn("/", language));
    expect(await types()).toEqual(["LocalBusiness"]);
    // Each move below is a client-side navigation (no document load): the head is the browser's to update.
    let documentLoads = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documentLoads += 1;
    });
    const banner = page.getByRole("banner");

    await banner.getByRole("link", { name: tr("shell", "FAQ", language), exact: true }).click();
    await expect(page).toHaveURL(endsAt("/faq"));
    await expect(page).toHaveTitle(`${tr("resources", "Frequently asked questions", language)} · FreshFold Laundry`);
    await expect.poll(types).toEqual(["FAQPage"]);
    const faq = await head();
    expect(faq.canonical).toMatch(endsAt("/faq"));
    expect(faq.data[0]!.mainEntity!.length).toBeGreaterThan(5);
    // The questions the page shows, in its language.
    await expect(page.getByRole("main")).toContainText(faq.data[0]!.mainEntity![0]!.name);

    await banner.getByRole("link", { name: tr("shell", "Pricing", language), exact: true }).click();
    await expect(page).toHaveURL(endsAt("/pricing"));
    await expect.poll(types).toEqual(["LocalBusiness"]);
    expect((await head()).data[0]!.makesOffer!.map((offer) => offer.price)).toEqual(["19.99", "29.99"]);
    expect((await head()).canonical).toMatch(endsAt("/pricing"));

    // A page that states none leaves none behind.
    await banner.getByRole("link", { name: tr("shell", "About", language), exact: true }).click();
    await expect(page).toHaveURL(endsAt("/about"));
    await expect.poll(types).toEqual([]);
    expect((await head()).canonical).toMatch(endsAt("/about"));

    // A blog post is an article (Open Graph's type and date, BlogPosting); the page after it is a website again.
    const meta = (property: string) => page.evaluate((p) => document.querySelector(`meta[property="${p}"]`)?.getAttribute("content") ?? null, property);
    const post = blogPosts[0]!;
    await banner.getByRole("link", { name: tr("shell", "Blog", language), exact: true }).click();
    await expect(page).toHaveURL(endsAt("/blog"));
    await page.getByRole("main").getByRole("link", { name: post.text[language].title, exact: true }).click();
    await expect(page).toHaveURL(endsAt(`/blog/${post.slug}`));
    await expect.poll(types).toEqual(["BlogPosting"]);
    expect(await meta("og:type")).toBe("article");
    expect(await meta("article:published_time")).toBe(post.published);
    expect(await meta("og:image")).toMatch(new RegExp(`/images/og-${language}\\.png$`));
    await banner.getByRole("link", { name: tr("shell", "Pricing", language), exact: true }).click();
    await expect(page).toHaveURL(endsAt("/pricing"));
    await expect.poll(types).toEqual(["LocalBusiness"]);
    expect(await meta("og:type")).toBe("website");
    expect(await meta("article:published_time")).toBeNull();
    expect(documentLoads, "client-side navigations only").toBe(0);
  });
}

test.describe("an unknown address", () => {
  // The browser's own line for a document answered 404.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });

  test("answers 404 with the not-found page in its language", async ({ page }) => {
    const response = await page.goto("/es/no/existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "¡Ups! Página no encontrada" })).toBeVisible();
    await page.getByRole("link", { name: "Volver al inicio" }).click();
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

// Start dates apart from the other suites' days (e2e/checkout-wizard.spec.ts uses 5 and 12).
const startOffset = { en: 19, es: 26 };
for (const language of ["en", "es"] as const) {
  test(`the whole sign-up from the ${language === "es" ? "Spanish home /es/" : "English home /"}: its pages stay at the language's addresses`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ locale: language === "es" ? "es-ES" : "en-US" });
    const page = await context.newPage();
    const t = (id: string) => tr("signup", id, language);
    const w = wizard(page, language);
    const email = uniqueSignupEmail(`seo-${language}`);
    const [first, second] = await availableDays(page.request, startOffset[language]);

    await page.goto(language === "es" ? "/es/" : "/");
    await page.getByRole("banner").getByRole("link", { name: tr("shell", "Schedule Pickup", language) }).click();
    await expect(page).toHaveURL(language === "es" ? /\/es\/signup$/ : /:\d+\/signup$/);
    await w.fillPersonal({ email });
    await w.continueButton.click();
    await w.expectStep(2);
    await page.getByText(t("Scented"), { exact: true }).click();
    await w.continueButton.click();
    await w.expectStep(3);
    await page.getByText(t("No fabric softener"), { exact: true }).click();
    await w.continueButton.click();
    await w.expectStep(4);
    await w.chooseStartDate(isoDay(startOffset[language]));
    await w.day(first).click();
    await w.day(second).click();
    await w.continueButton.click();
    await w.expectStep(5);
    await page.getByText(t("House"), { exact: true }).click();
    await w.continueButton.click();
    await w.expectStep(6);
    await w.payButton.click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
    await page.locator("#card").fill(PAY_CARD);
    await page.locator('form[action$="/pay"] button[type="submit"]').click();
    await expect(page).toHaveURL(language === "es" ? /\/es\/payment-success\?session_id=/ : /:\d+\/payment-success\?session_id=/);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1, name: tr("checkout", "Payment Successful!", language) })).toBeVisible();
    await context.close();
  });
}
