// A phone losing its connection during the sign-up, in English and Spanish: the code the wizard loads on demand
// (the toast region, the pickup-days step) may fail to download, and must then never leave a failure unshown,
// nor take the page down; once back online, it loads and everything typed is still there.
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, isoDay, useLanguage } from "./fixtures";
import { availableDays } from "./checkout-helpers";
import { uniqueSignupEmail, wizard } from "./models/signup-driver";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications|Notificaciones/ });
const pageError = /We couldn't load this page|No pudimos cargar esta página/;
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

    test("offline after loading: the steps go on without the network, the pickup days wait for it inside the wizard", async ({ page, context }) => {
      test.slow(); // offline, then back online through the rest of the wizard
      const start = language === "en" ? 8 : 9;
      const days = await availableDays(page.request, start);
      const datesCode = /\/assets\/dates-step-[^/]*\.js$/;
      const failedDatesCode: string[] = [];
      page.on("requestfailed", (request) => {
        if (datesCode.test(request.url())) failedDatesCode.push(request.url());
      });
      await page.goto("/signup");
      const w = wizard(page, language);
      await page.waitForLoadState("networkidle");
      await context.setOffline(true);
      await w.fillPersonal({ email: uniqueSignupEmail(`offline-${language}`) });
      await w.continueButton.click();
      await w.expectStep(2);
      // The pickup days' code was asked for and could not come; step 2 and 3 need none.
      await expect.poll(() => failedDatesCode.length).toBeGreaterThan(0);
      await page.getByText(w.t("Hypoallergenic"), { exact: true }).click();
      await w.continueButton.click();
      await w.expectStep(3);
      await page.getByText(w.t("Yes, add fabric softener"), { exact: true }).click();
      await w.continueButton.click();

      // Step 4 cannot load: a message inside the wizard, which keeps its progress and buttons.
      await w.expectStep(4);
      const message = page.getByRole("main").getByRole("alert").filter({ hasText: w.t("We couldn't load this step") });
      await expect(message).toBeVisible();
      await expect(message).toContainText(w.t("Check your connection and try again."));
      await expectNoAxeViolations(page);
      // Try again asks for the code again (offline: the message stays); back online, it loads by itself.
      const retry = page.getByRole("main").getByRole("button", { name: w.t("Try again"), exact: true });
      const failedBefore = failedDatesCode.length;
      await retry.click();
      await expect.poll(() => failedDatesCode.length).toBeGreaterThan(failedBefore);
      await expect(message).toBeVisible();
      await expect(page.getByText(pageError)).toHaveCount(0);
      await context.setOffline(false);
      await expect(message).toHaveCount(0);
      await expect(page.getByText(w.t("Choose a start date in the calendar to see the available days."))).toBeVisible();
      await w.chooseStartDate(isoDay(start));
      await w.day(days[0]).click();
      await w.day(days[1]).click();
      await w.toHaveSelected(2);

      // Every answer is still there.
      await w.backButton.click();
      await w.expectStep(3);
      await expect(page.getByRole("radio", { name: w.t("Yes, add fabric softener") })).toBeChecked();
      await w.backButton.click();
      await w.expectStep(2);
      await expect(page.getByRole("radio", { name: w.t("Hypoallergenic") })).toBeChecked();
      await expect(page.getByText(pageError)).toHaveCount(0);
    });
  });
}
