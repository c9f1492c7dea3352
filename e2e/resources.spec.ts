// Service areas, FAQ and blog in both languages: the spec's facts, the panels, tabs and accordions, the
// newsletter against the real server; then axe and screenshots of every resources and contact route.
import { mkdirSync } from "node:fs";
import { test, expect, at, useLanguage, expectFocusedText, expectNoAxeViolations, holdScripts, expectInertUntilHydrated, renderWholePage, type Language } from "./fixtures";
import { tr } from "./checkout-helpers";
import { comingSoonAreas, serviceAreas, type DeliveryTime } from "#domain/service-areas";
import { brand } from "../src/config/brand";
import { blogCategories, featuredPosts, recentPosts } from "../src/resources/blog/posts";
import { placeName } from "../src/areas/area-names";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const text = {
  en: {
    delivery: { "same-day": "Same day", "24-hours": "24 hours", "next-day": "Next day" } as Record<DeliveryTime, string>,
    zipList: (name: string) => `ZIP codes in ${name}`,
    comingSoon: "Areas coming soon",
    request: (place: string) => `Request service in ${place}`,
    requestMine: "Request service in my area",
    schedule: "Schedule Pickup",
    residential: "Residential",
    message: "Message",
    tabs: ["General", "Pricing", "Service", "Eco-friendly"],
    priceQuestion: "How much does it cost?",
    priceFacts: ["$19.99", "$29.99 per week, plus applicable tax"],
    turnaroundQuestion: "How fast will I get my laundry back?",
    turnaroundFacts: ["24 hours", "12 to 18 hours"],
    contact: "Contact us",
    featured: "Featured posts",
    recent: "Recent posts",
    categories: "Categories",
    minRead: /\d+ min read/,
    allPosts: "All posts",
    notFound: "Oops! Page not found",
    backToBlog: "Back to the blog",
    email: "Email",
    subscribe: "Subscribe",
    emailRequired: "Please enter your email address",
    emailInvalid: "Please enter a valid email address",
    subscribed: "Thanks! You're on the list.",
    subscribedToast: "You're subscribed!",
  },
  es: {
    delivery: { "same-day": "El mismo día", "24-hours": "24 horas", "next-day": "Al día siguiente" } as Record<DeliveryTime, string>,
    zipList: (name: string) => `Códigos postales en ${name}`,
    comingSoon: "Zonas que llegan pronto",
    request: (place: string) => `Pedir servicio en ${place}`,
    requestMine: "Pedir servicio en mi zona",
    schedule: "Agendar recogida",
    residential: "Residencial",
    message: "Mensaje",
    tabs: ["Generales", "Precios", "Servicio", "Ecológico"],
    priceQuestion: "¿Cuánto cuesta?",
    priceFacts: ["$19.99", "$29.99 por semana, más los impuestos aplicables"],
    turnaroundQuestion: "¿En cuánto tiempo me devuelven la ropa?",
    turnaroundFacts: ["24 horas", "12 a 18 horas"],
    contact: "Contáctanos",
    featured: "Artículos destacados",
    recent: "Artículos recientes",
    categories: "Categorías",
    minRead: /\d+ min de lectura/,
    allPosts: "Todos los artículos",
    notFound: "¡Ups! Página no encontrada",
    backToBlog: "Volver al blog",
    email: "Correo electrónico",
    subscribe: "Suscribirme",
    emailRequired: "Por favor, escribe tu correo electrónico",
    emailInvalid: "Por favor, escribe un correo electrónico válido",
    subscribed: "¡Gracias! Ya estás en la lista.",
    subscribedToast: "¡Ya estás suscrito!",
  },
} satisfies Record<Language, unknown>;

for (const language of ["en", "es"] as const) {
  const l = text[language];

  test(`service areas (${language}): six areas with delivery times and ZIP codes, panels toggle, coming soon, request service`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto("/service-areas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const main = page.getByRole("main");
    for (const area of serviceAreas) {
      const name = placeName(area.name, language);
      const toggle = main.getByRole("button", { name: new RegExp(`^${escape(name)}`) });
      await expect(toggle).toContainText(l.delivery[area.deliveryTime]);
      for (const neighbourhood of area.neighborhoods) await expect(toggle).toContainText(placeName(neighbourhood, language));
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      const zipList = main.getByRole("list", { name: l.zipList(name) });
      await expect(zipList).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const panelId = await toggle.getAttribute("aria-controls");
      await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
      await expect(zipList.getByRole("listitem")).toHaveText(area.zipCodes);
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(zipList).toBeHidden();
    }
    const soon = main.getByRole("list", { name: l.comingSoon });
    await expect(soon.getByRole("listitem")).toHaveText(comingSoonAreas);
    await expect(main.getByRole("link", { name: l.schedule, exact: true })).toHaveAttribute("href", at(language, "/signup"));
    await expect(main.getByRole("link", { name: l.requestMine })).toHaveAttribute("href", at(language, "/contact?type=residential"));

    await soon.getByRole("link", { name: l.request("Kendall") }).click();
    await expect(page).toHaveURL(/\/contact\?type=residential&area=Kendall$/);
    await expect(page.getByRole("tab", { name: l.residential })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("textbox", { name: l.message })).toHaveValue(/Kendall/);
  });

  test(`FAQ (${language}): four category tabs, three single-open questions each, facts, phone and buttons`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto("/faq");
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveText(l.tabs);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    for (const tabName of l.tabs) {
      await page.getByRole("tab", { name: tabName }).click();
      await expect(page.getByRole("tab", { name: tabName })).toHaveAttribute("aria-selected", "true");
      const panel = page.getByRole("tabpanel");
      const triggers = panel.getByRole("button");
      await expect(triggers).toHaveCount(3);
      for (let i = 0; i < 3; i++) await expect(triggers.nth(i)).toHaveAttribute("aria-expanded", "false");
      await triggers.nth(0).click();
      await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "true");
      await triggers.nth(1).click();
      await expect(triggers.nth(1)).toHaveAttribute("aria-expanded", "true");
      await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "false");
      await triggers.nth(2).click();
      await expect(triggers.nth(1)).toHaveAttribute("aria-expanded", "false");
      await triggers.nth(2).click();
      await expect(triggers.nth(2)).toHaveAttribute("aria-expanded", "false");
    }
    // Keyboard: arrows move between the tabs.
    await page.getByRole("tab", { name: l.tabs[0] }).click();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: l.tabs[1] })).toHaveAttribute("aria-selected", "true");
    const price = page.getByRole("button", { name: l.priceQuestion });
    await price.click();
    for (const fact of l.priceFacts) await expect(page.getByRole("tabpanel")).toContainText(fact);

    await page.getByRole("tab", { name: l.tabs[2] }).click();
    await page.getByRole("button", { name: l.turnaroundQuestion }).click();
    for (const fact of l.turnaroundFacts) await expect(page.getByRole("tabpanel")).toContainText(fact);

    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: brand.phone })).toHaveAttribute("href", brand.phoneHref);
    await expect(main.getByRole("link", { name: l.contact })).toHaveAttribute("href", at(language, "/contact"));
    await expect(main.getByRole("link", { name: l.schedule, exact: true })).toHaveAttribute("href", at(language, "/signup"));
  });

  test(`FAQ (${language}): every tab's questions and answers are in the page, but only the selected tab's panel shows or takes the focus`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto("/faq");
    // The questions in the order of the tabs, three each, as the page's FAQPage states them.
    const questions = await page.evaluate(() =>
      (JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as { mainEntity: { name: string }[] }).mainEntity.map((q) => q.name),
    );
    expect(questions).toHaveLength(12);
    const main = page.getByRole("main");
    for (const [i, tabName] of l.tabs.entries()) {
      await page.getByRole("tab", { name: tabName }).click();
      await expect(page.getByRole("tab", { name: tabName })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
      for (const [j, question] of questions.entries()) {
        const shown = main.getByText(question, { exact: true });
        await expect(shown, question).toHaveCount(1);
        if (Math.floor(j / 3) === i) await expect(shown, question).toBeVisible();
        else {
          await expect(shown, question).toBeHidden();
          await expect(shown.locator("xpath=ancestor::*[@inert]"), question).toHaveCount(1);
        }
      }
      // From the selected tab, the Tab key reaches the selected panel's questions, never another's.
      await page.getByRole("tab", { name: tabName }).focus();
      const focused: string[] = [];
      for (let k = 0; k < 5; k++) {
        await page.keyboard.press("Tab");
        focused.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
      }
      expect(focused.filter((name) => questions.includes(name))).toEqual(questions.slice(i * 3, i * 3 + 3));
    }
  });

  test.describe(() => {
  // An unknown post's address answers 404 (the browser logs that line); the page says the post is not found.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });
  test(`blog (${language}): category counts, 3 featured and 4 recent posts, a post page, not found, newsletter`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto("/blog");
    const categories = page.getByRole("region", { name: l.categories }).getByRole("listitem");
    await expect(categories).toHaveCount(4);
    // Each count is the number of that category's posts a visitor can open on this page.
    const shown = [...featuredPosts, ...recentPosts];
    const counts = blogCategories.map((c) => shown.filter((p) => p.category === c.id).length);
    expect(counts).toEqual([2, 1, 2, 2]);
    await expect(categories).toHaveText(blogCategories.map((c, i) => new RegExp(`${escape(c.name[language])}\\s*${counts[i]}`)));

    const featured = page.getByRole("region", { name: l.featured }).getByRole("article");
    const recent = page.getByRole("region", { name: l.recent }).getByRole("article");
    await expect(featured).toHaveCount(3);
    await expect(recent).toHaveCount(4);
    for (const [articles, posts] of [[featured, featuredPosts], [recent, recentPosts]] as const) {
      for (const [i, post] of posts.entries()) {
        const card = articles.nth(i);
        await expect(card.getByRole("link", { name: post.text[language].title })).toHaveAttribute("href", at(language, `/blog/${post.slug}`));
        await expect(card).toContainText(post.text[language].excerpt);
        await expect(card).toContainText(post.author);
        await expect(card).toContainText(blogCategories.find((c) => c.id === post.category)!.name[language]);
        await expect(card).toContainText(l.minRead);
      }
    }

    // Newsletter: empty, invalid, then a real subscription against the server.
    const box = page.getByRole("region", { name: language === "en" ? "Get our newsletter" : "Recibe nuestro boletín" });
    await box.getByRole("button", { name: l.subscribe }).click();
    await expect(box.getByText(l.emailRequired)).toBeVisible();
    await box.getByRole("textbox", { name: l.email }).fill("maria@example");
    await expect(box.getByText(l.emailRequired)).toBeHidden();
    await box.getByRole("button", { name: l.subscribe }).click();
    await expect(box.getByText(l.emailInvalid)).toBeVisible();
    const address = `reader-${language}-${Date.now()}@example.com`;
    await box.getByRole("textbox", { name: l.email }).fill(`  ${address.toUpperCase()} `);
    const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter"));
    await box.getByRole("button", { name: l.subscribe }).click();
    expect((await request).postDataJSON()).toEqual({ email: address, language });
    // The answer is said once: in the box, not again in a toast.
    await expect(box.getByText(l.subscribed)).toBeVisible();
    await expect(page.getByText(l.subscribed)).toHaveCount(1);
    await expect(page.getByText(l.subscribedToast)).toHaveCount(0);
    await expect(page.getByRole("region", { name: language === "en" ? "Notifications" : "Notificaciones" }).getByRole("alertdialog")).toHaveCount(0);
    await expect(box.getByRole("textbox", { name: l.email })).toHaveValue("");
    // The thanks takes the focus (the field was emptied, the button disabled while sending): the catalog's words.
    await expect(box.getByText(l.subscribed)).toBeFocused();
    await expectFocusedText(page, tr("resources", "Thanks! You're on the list.", language));

    // A post opens its own page, readable, with a way back.
    const post = featuredPosts[0]!;
    await page.getByRole("link", { name: post.text[language].title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.text[language].title);
    await expect(page.getByRole("article").locator("p").nth(2)).not.toBeEmpty();
    await expect(page).toHaveTitle(new RegExp(escape(post.text[language].title)));
    await page.getByRole("link", { name: l.allPosts }).click();
    await expect(page).toHaveURL(/\/blog$/);

    const missing = await page.goto(at(language, "/blog/no-such-post"));
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.notFound);
    await page.getByRole("link", { name: l.backToBlog }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
  });
}

test.describe("newsletter failures", () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });
  test("a server failure is said once, inline (no toast as well), keeping the address", async ({ page }) => {
    await useLanguage(page, "en");
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal_error", message: "Internal Server Error" } }) }),
    );
    await page.goto("/blog");
    const box = page.getByRole("region", { name: "Get our newsletter" });
    await box.getByRole("textbox", { name: "Email" }).fill("maria@example.com");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("We couldn't subscribe you right now. Please try again.")).toHaveCount(1);
    await expect(box.getByText("We couldn't subscribe you right now. Please try again.")).toBeVisible();
    await expect(page.getByText("Subscription failed")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Notifications" }).getByRole("alertdialog")).toHaveCount(0);
    await expect(box.getByRole("textbox", { name: "Email" })).toHaveValue("maria@example.com");
  });
});

test.describe("the pre-rendered newsletter box, before the page's code has run", () => {
  for (const language of ["en", "es"] as const) {
    const l = text[language];
    test(`in ${language}: its field and button are disabled and typing does nothing; once hydrated, what is typed subscribes`, async ({ page }) => {
      await useLanguage(page, language);
      const release = await holdScripts(page, "**/assets/blog-page-*.js");
      await page.goto(at(language, "/blog"), { waitUntil: "domcontentloaded" });
      const box = page.getByRole("region", { name: language === "en" ? "Get our newsletter" : "Recibe nuestro boletín" });
      const field = box.getByRole("textbox", { name: l.email });
      const button = box.getByRole("button", { name: l.subscribe });
      await expectNoAxeViolations(page);
      await expectInertUntilHydrated(page, { within: box, controls: [field, button], url: new RegExp(`${at(language, "/blog")}$`), release });
      const address = `early-reader-${language}-${Date.now()}@example.com`;
      await field.pressSequentially(address);
      const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter"));
      await page.keyboard.press("Enter");
      expect((await request).postDataJSON()).toEqual({ email: address, language });
      await expect(box.getByText(l.subscribed)).toBeVisible();
    });
  }
});

// Axe and screenshots: every route of this part, both languages, phone and desktop widths.
const auditedRoutes = [
  ["service-areas", "/service-areas"],
  ["faq", "/faq"],
  ["blog", "/blog"],
  ["blog-post", `/blog/${featuredPosts[0]!.slug}`],
  ["contact", "/contact"],
  ["login", "/login"],
] as const;

// One test per page, language and width: a loaded 2-core machine runs each well inside the default budget.
for (const language of ["en", "es"] as const) {
  for (const width of [390, 1280]) {
    for (const [name, path] of auditedRoutes) {
      test(`axe finds nothing on ${name} and its screenshot is saved (${language}, ${width} px)`, async ({ page }) => {
        mkdirSync("test-results/screenshots", { recursive: true });
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await useLanguage(page, language);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        // No horizontal scrolling at either width.
        await renderWholePage(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `test-results/screenshots/${name}-${language}-${width}.png`, fullPage: true });
      });
    }
  }
}
