// Every marketing route in both languages at a phone and a desktop width: zero axe violations, no horizontal
// scrolling, and a full-page screenshot under test-results/screenshots/ for review.
import { test, expect, useLanguage, expectNoAxeViolations } from "./fixtures";

const routes = ["/", "/about", "/services", "/pricing", "/how-it-works", "/airbnb-hosts", "/privacy", "/terms"];
const widths = [390, 1280] as const;

const routeName = (route: string) => (route === "/" ? "home" : route.slice(1));

// One test per route, language and width: a loaded 2-core machine runs each well inside the default budget.
for (const language of ["en", "es"] as const) {
  for (const width of widths) {
    for (const route of routes) {
      test(`${route} passes axe and fits ${width} px (${language})`, async ({ page }) => {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await page.emulateMedia({ reducedMotion: "reduce" });
        await useLanguage(page, language);
        await page.goto(route);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (route === "/") {
          // Its FAQ preview and carousel go live once the visitor nears them: scanned live, as they are then used.
          await page.locator("section[aria-roledescription]").scrollIntoViewIfNeeded();
          await expect(page.locator('[data-live="true"]')).toHaveCount(1);
          await expect(page.locator("button[aria-expanded][data-react-aria-pressable]")).toHaveCount(3);
        }
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${route} scrolls sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screenshots/${routeName(route)}-${language}-${width}.png`, fullPage: true });
      });
    }
  }
}
