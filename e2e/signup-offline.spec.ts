// A phone losing its connection during the sign-up, in English and Spanish: the code the wizard loads on demand
// (the toast region) may fail to download, and must then never leave a failure unshown; once back online, it
// loads and shows what waited for it.
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, isoDay, useLanguage } from "./fixtures";
import { availableDays } from "./checkout-helpers";
import { uniqueSignupEmail, wizard } from "./models/signup-driver";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications|Notificaciones/ });
/** The browser's lines for what it could not download or send while offline (or a download the test refused). */
const offlineErrors = /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch|dynamically imported module/;

test.use({ allowedConsoleErrors: [offlineErrors] });

for (const language of ["en", "es"] as const) {
  test.describe(`offline during the sign-up (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await useLanguage(page, language);
    });

    test("the toasts' code loads with the wizard, so a failure offline still shows its toast", async ({ page, context }) => {
      const loaded = page.waitForResponse(/\/assets\/toast-region-[^/]*\.js$/);
      await page.goto("/signup");
      const w = wizard(page, language);
      await w.expectStep(1);
      // Nothing was shown yet: the wizard loads the region's code on its own, once the page is idle.
      await loaded;
      await context.setOffline(true);
      await w.continueButton.click();
      await expect(toasts(page).getByText(w.t("Validation Error"))).toBeVisible();
      await w.expectStep(1);
      await context.setOffline(false);
    });

    test("checkout failing offline with the toasts' code not loaded: announced on the review, the toast once the code arrives", async ({ page, context }) => {
      test.slow(); // the whole wizard, then offline and online again
      // The toast region's code cannot be downloaded (as offline from the start): every attempt fails until unrouted.
      const toastCode = /\/assets\/toast-region-[^/]*\.js$/;
      await page.route(toastCode, (route) => route.abort());
      const start = language === "en" ? 8 : 9;
      const days = await availableDays(page.request, start);
      await page.goto("/signup");
      const w = wizard(page, language);
      await w.fillPersonal({ email: uniqueSignupEmail(`offline-${language}`) });
      await w.continueButton.click();
      await w.answerPreferences();
      await w.pickDays(isoDay(start), days);
      await w.chooseHouse();

      await context.setOffline(true);
      await w.payButton.click();
      // The failure is on the review itself, whatever became of the toast.
      const alert = page.getByRole("main").getByRole("alert").filter({ hasText: w.t("Something went wrong. Please try again.") });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(w.t("Payment Error"));
      await w.expectStep(6);
      await expect(w.payButton).toBeEnabled();
      await expect(toasts(page)).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Back online with the code reachable: the toast waiting for it shows.
      await page.unroute(toastCode);
      await context.setOffline(false);
      await expect(toasts(page).getByText(w.t("Payment Error"))).toBeVisible();
      await expect(toasts(page).getByText(w.t("Something went wrong. Please try again."))).toBeVisible();

      // And so do later ones: a validation failure after editing the personal details.
      await page.getByRole("button", { name: w.t("Edit: {title}").replace("{title}", w.t("Personal information")) }).click();
      await w.expectStep(1);
      await page.getByRole("textbox", { name: w.t("First name") }).fill("A");
      await w.continueButton.click();
      await expect(toasts(page).getByText(w.t("Validation Error"))).toBeVisible();
      await expect(toasts(page).getByText(w.t("First name must be at least 2 characters"))).toBeVisible();
    });

    test("the toasts' code failing once: the next toast loads it again and shows", async ({ page }) => {
      const toastCode = /\/assets\/toast-region-[^/]*\.js$/;
      let refused = 0;
      await page.route(toastCode, (route) => {
        if (refused++ === 0) return route.abort();
        return route.continue();
      });
      await page.goto("/signup");
      const w = wizard(page, language);
      await w.expectStep(1);
      await expect.poll(() => refused).toBeGreaterThan(0);
      await w.continueButton.click();
      await expect(toasts(page).getByText(w.t("Validation Error"))).toBeVisible();
    });
  });
}
