// The header at a phone, a small laptop and a common laptop width (issue 13 item 10), in English and Spanish:
// the whole navigation from 1024 px, Schedule Pickup in the header at every width, nothing sideways, axe clean.
import type { Page } from "@playwright/test";
import { test, expect, expectFocusedText, expectNoAxeViolations, useLanguage, at } from "./fixtures";
import { tr } from "./checkout-helpers";

const navLabels = ["About", "Services", "Pricing", "Areas", "FAQ", "For Hosts", "Blog", "How It Works", "Contact", "Login"];

/** Every element of the header inside the viewport, and the page never wider than it. */
async function fitsWidth(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll("header a, header button")]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < 0 || box.right > width + 0.5;
      })
      .map((el) => el.textContent?.trim() || el.getAttribute("aria-label"));
    return { outside, scrolls: document.documentElement.scrollWidth > width };
  });
}

for (const language of ["en", "es"] as const) {
  const t = (id: string) => tr("shell", id, language);
  test.describe(`header (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    for (const width of [1024, 1280]) {
      test(`at ${width} px: the whole navigation shows, no menu button, Schedule Pickup leads to the sign-up`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(at(language, "/"));
        const banner = page.getByRole("banner");
        const main = banner.getByRole("navigation", { name: t("Main") });
        await expect(main).toBeVisible();
        for (const label of navLabels) await expect(main.getByRole("link", { name: t(label), exact: true })).toBeVisible();
        await expect(banner.getByRole("button", { name: t("Open menu") })).toBeHidden();
        expect(await fitsWidth(page)).toEqual({ outside: [], scrolls: false });
        // No label wraps onto a second line inside its link.
        const tallest = await main.getByRole("link").evaluateAll((links) => Math.max(...links.map((l) => l.getBoundingClientRect().height)));
        expect(tallest).toBeLessThan(40);
        await expectNoAxeViolations(page);
        await main.getByRole("link", { name: t("Pricing"), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${at(language, "/pricing")}$`));
        await banner.getByRole("link", { name: t("Schedule Pickup"), exact: true }).click();
        await expect(page).toHaveURL(/\/signup$/);
      });
    }

    test("at 390 px: Schedule Pickup is in the header beside the menu button, and the menu holds the navigation", async ({ page }) => {
      test.slow(); // two axe scans and a page opened from the menu: timed out at 30 s at load 15 to 20
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(at(language, "/"));
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("navigation", { name: t("Main") })).toBeHidden();
      const schedule = banner.getByRole("link", { name: t("Schedule Pickup"), exact: true });
      await expect(schedule).toBeVisible();
      await expect(schedule).toBeInViewport({ ratio: 1 });
      const toggle = banner.getByRole("button", { name: t("Open menu") });
      await expect(toggle).toBeVisible();
      // Big enough for a thumb.
      const box = await schedule.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(await fitsWidth(page)).toEqual({ outside: [], scrolls: false });
      await expectNoAxeViolations(page);
      await toggle.click();
      const menu = page.getByRole("navigation", { name: t("Mobile") });
      for (const label of navLabels) await expect(menu.getByRole("link", { name: t(label), exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await schedule.click();
      await expect(page).toHaveURL(/\/signup$/);
    });

    test("at 390 px: a page opened from the menu, by keyboard, has the focus on its heading; a first load does not", async ({ page }) => {
      test.slow(); // three pages and an axe scan at a phone's width
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(at(language, "/"));
      // Hydrated (the live ZIP check replaced the still one): a first load leaves the focus where the browser put it.
      await expect(page.getByTestId("zip-check-live")).toBeVisible();
      await expectFocusedText(page, "<body>");
      const banner = page.getByRole("banner");
      const menu = page.getByRole("navigation", { name: t("Mobile") });
      const heading = page.getByRole("main").getByRole("heading", { level: 1 });

      // The menu closes with the move, taking the link that had the focus: the focus goes to the new page's h1,
      // which is where the page starts (no jump), in the catalog's words.
      await banner.getByRole("button", { name: t("Open menu") }).press("Enter");
      await menu.getByRole("link", { name: t("FAQ"), exact: true }).press("Enter");
      await expect(page).toHaveURL(new RegExp(`${at(language, "/faq")}$`));
      await expect(menu).toBeHidden();
      const faq = tr("resources", "Frequently asked questions", language);
      await expect(heading).toHaveText(faq);
      await expect(heading).toBeFocused();
      await expectFocusedText(page, faq);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectNoAxeViolations(page);

      await banner.getByRole("button", { name: t("Open menu") }).press("Enter");
      await menu.getByRole("link", { name: t("Contact"), exact: true }).press("Enter");
      await expect(page).toHaveURL(new RegExp(`${at(language, "/contact")}$`));
      const contact = tr("contact", "Contact us", language);
      await expect(heading).toHaveText(contact);
      await expect(heading).toBeFocused();
      await expectFocusedText(page, contact);

      // Back is a move too: the page it returns to has the focus on its heading.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${at(language, "/faq")}$`));
      await expect(heading).toHaveText(faq);
      await expect(heading).toBeFocused();
      await expectFocusedText(page, faq);
    });
  });
}

test("the logo's mark, a picture of the style sheet, is printed too (browsers leave background pictures off paper unless told)", async ({ page }) => {
  await page.goto("/terms");
  await page.emulateMedia({ media: "print" });
  const mark = page.locator("header .logo-mark").first();
  await expect(mark).toBeVisible();
  const style = await mark.evaluate((el) => {
    const computed = getComputedStyle(el);
    return { image: computed.backgroundImage.slice(0, 30), adjust: computed.getPropertyValue("print-color-adjust") };
  });
  expect(style).toEqual({ image: 'url("data:image/svg+xml,%3Csvg', adjust: "exact" });
});
