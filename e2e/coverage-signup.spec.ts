// The sign-up when its checks cannot answer, in English and Spanish (product.md SU-3): a failed
// service-area check counts as unknown (no alert, no block: the server re-checks at checkout), and a start
// date whose week has no free day, or whose availability call fails, shows "No available dates found."
// A check still answering does not hold Continue: pressed meanwhile, it waits for the answer, busy.
import type { Page } from "@playwright/test";
import { test, expect, useLanguage } from "./fixtures";
import { isoDay, uniqueSignupEmail, wizard } from "./models/signup-driver";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications|Notificaciones/ });

/** Start dates apart from the other suites' days (e2e/checkout.spec.ts, e2e/checkout-wizard.spec.ts). */
const startOffset = { en: 33, es: 41 };

const weekFrom = (offset: number) => Array.from({ length: 7 }, (_, i) => isoDay(offset + i));

for (const language of ["en", "es"] as const) {
  test.describe(`sign-up checks that cannot answer (${language})`, () => {
    // The deliberately failed calls are logged by the browser itself.
    test.use({ allowedConsoleErrors: [/the server responded with a status of 503 \(Service Unavailable\)/] });

    test(`a failed area check blocks nothing; a week with no free day or a failed day call shows no dates (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      const w = wizard(page, language);
      const t = w.t;
      const unavailable = { status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Service Unavailable" } }) };
      let areaCalls = 0;
      await page.route("**/api/service_area/*", (route) => {
        areaCalls += 1;
        return route.fulfill(unavailable);
      });

      // Step 1: the ZIP check fails; the visitor sees neither the out-of-area alert nor a verdict, and goes on.
      await page.goto("/signup");
      await w.fillPersonal({ email: uniqueSignupEmail(`unknown-area-${language}`), zip: "33131" });
      await expect(w.emailStatus).toHaveText(t("This e-mail address is ready to use."));
      await expect.poll(() => areaCalls).toBeGreaterThanOrEqual(1);
      await expect(w.areaStatus).toHaveText("");
      await expect(page.getByText(t("We're not in your area yet!"))).toHaveCount(0);
      await expect(page.getByText(t("Good news: we serve your area."))).toHaveCount(0);
      const areaCallsBeforeContinue = areaCalls;
      await w.continueButton.click();
      // Continue does not repeat a check whose ZIP has not changed, and the unanswered check did not block.
      await w.expectStep(2);
      expect(areaCalls).toBe(areaCallsBeforeContinue);
      await w.answerPreferences();

      // Step 4: a week where every day is taken.
      const noDates = page.getByText(t("No available dates found."), { exact: true });
      const offset = startOffset[language];
      const soldOut = weekFrom(offset);
      await page.route(`**/api/signupday/${soldOut[0]}`, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ availability: Object.fromEntries(soldOut.map((d) => [d, false])) }) }),
      );
      await w.chooseStartDate(soldOut[0]!);
      await expect(noDates).toBeVisible();
      await expect(w.day(soldOut[1]!)).toHaveCount(0);
      await w.toHaveSelected(0);
      await w.continueButton.click();
      await expect(toasts(page).getByText(t("Please select exactly two weekly pickup dates"))).toBeVisible();
      await w.expectStep(4);

      // A start date whose availability call fails shows the same.
      const failing = isoDay(offset + 1);
      await page.route(`**/api/signupday/${failing}`, (route) => route.fulfill(unavailable));
      await w.chooseStartDate(failing);
      await expect(noDates).toBeVisible();
      await w.toHaveSelected(0);

      // A date the server answers for offers its days again, and two picks move on to step 5.
      const working = isoDay(offset + 2);
      await w.chooseStartDate(working);
      await expect(noDates).toHaveCount(0);
      const response = await page.request.get(`/api/signupday/${working}`);
      const { availability } = (await response.json()) as { availability: Record<string, boolean> };
      const free = Object.keys(availability).filter((d) => availability[d]).sort();
      expect(free.length).toBeGreaterThanOrEqual(2);
      await w.day(free[0]!).click();
      await w.day(free[1]!).click();
      await w.toHaveSelected(2);
      await w.continueButton.click();
      await w.expectStep(5);
    });

    test(`a failed e-mail check says nothing of the e-mail and blocks nothing (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      const w = wizard(page, language);
      const t = w.t;
      let emailCalls = 0;
      await page.route("**/api/client/email_exists/*", (route) => {
        emailCalls += 1;
        return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Service Unavailable" } }) });
      });
      await page.goto("/signup");
      await w.fillPersonal({ email: uniqueSignupEmail(`unknown-email-${language}`), zip: "33131" });
      await expect.poll(() => emailCalls).toBeGreaterThanOrEqual(1);
      await expect(w.areaStatus).toHaveText(t("Good news: we serve your area."));
      // Not "ready to use": the check did not run. Nor the existing customer's alert.
      await expect(w.emailStatus).toHaveText("");
      await expect(page.getByText(t("Email already exists."))).toHaveCount(0);
      await w.continueButton.click();
      await w.expectStep(2);
    });

    test(`Continue pressed while a check is still answering waits under the busy label, then follows the answer (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      const w = wizard(page, language);
      const t = w.t;
      const processing = page.getByRole("button", { name: t("Processing..."), exact: true }).and(page.locator('[type="submit"]'));
      // Every e-mail check is held until the test lets it answer; the first time with "taken".
      const held: Array<() => Promise<void>> = [];
      let answerTaken = true;
      await page.route("**/api/client/email_exists/*", (route) => {
        held.push(() => (answerTaken ? route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ exists: true }) }) : route.continue()));
      });
      const answerHeldChecks = async () => {
        for (const answer of held.splice(0)) await answer();
      };

      await page.goto("/signup");
      await w.fillPersonal({ email: uniqueSignupEmail(`slow-check-${language}`) });
      await expect(w.emailStatus).toHaveText(t("Checking your e-mail address…"));
      // The running check does not hold Continue (a tap right after typing is not lost)...
      await expect(w.continueButton).toBeEnabled();
      await w.continueButton.click();
      // ...it waits for the answer under the busy label, visibly, with both buttons held.
      await expect(processing).toBeDisabled();
      await expect(w.backButton).toBeDisabled();
      await w.expectStep(1);
      await expect.poll(() => held.length).toBeGreaterThanOrEqual(1);
      await answerHeldChecks();
      // A taken e-mail stops step 1 and says so.
      await expect(w.emailStatus).toHaveText(t("Email already exists."));
      await expect(w.continueButton).toBeEnabled();
      await w.expectStep(1);

      // A new e-mail is checked again; Continue pressed during that check moves on once it answers "free".
      answerTaken = false;
      await page.getByRole("textbox", { name: t("Email") }).fill(uniqueSignupEmail(`slow-check-free-${language}`));
      await expect(w.emailStatus).toHaveText(t("Checking your e-mail address…"));
      await w.continueButton.click();
      await expect(processing).toBeDisabled();
      await w.expectStep(1);
      await expect.poll(() => held.length).toBeGreaterThanOrEqual(1);
      await answerHeldChecks();
      await w.expectStep(2);
    });
  });
}
