// Smaller sign-up items of issue 13 (item 15), in English and Spanish: "Payment Canceled" is a calm notice (the
// visitor chose to cancel, nothing failed), and the read-only country field is not a Tab stop.
import { test, expect, expectNoAxeViolations, useLanguage } from "./fixtures";
import { availableDays, makeClient, seedSavedCheckout, tr, uniqueEmail } from "./checkout-helpers";
import { wizard } from "./models/signup-driver";

const offsets = { en: 41, es: 45 };

for (const language of ["en", "es"] as const) {
  test.describe(`calm sign-up (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test("Payment Canceled is a calm notice, not a red error", async ({ page }) => {
      const client = makeClient(uniqueEmail(`calm-${language}`), await availableDays(page.request, offsets[language]), language);
      await seedSavedCheckout(page, client);
      await page.goto("/signup?resume=1&payment=canceled");
      const t = (id: string) => tr("signup", id, language);
      const region = page.getByRole("region", { name: tr("shell", "Notifications", language) });
      const title = region.getByText(t("Payment Canceled"), { exact: true });
      await expect(title).toBeVisible();
      await expect(region.getByText(t("Your payment was canceled. You can try again when ready."))).toBeVisible();
      // Its colour (the first painted box around the title) is not the site's danger red, the colour of a real error.
      const [background, danger] = await title.evaluate((el) => {
        let painted = "";
        for (let n: Element | null = el; n && !painted; n = n.parentElement) {
          const colour = getComputedStyle(n).backgroundColor;
          if (colour !== "rgba(0, 0, 0, 0)") painted = colour;
        }
        const probe = document.createElement("div");
        probe.className = "bg-danger";
        document.body.append(probe);
        const red = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return [painted, red];
      });
      expect(danger).not.toBe("rgba(0, 0, 0, 0)");
      expect(background).not.toBe(danger);
      await wizard(page, language).expectStep(6);
      await expectNoAxeViolations(page);
    });

    test("the read-only country field is shown and named, but Tab passes it by", async ({ page }) => {
      await page.goto("/signup");
      const w = wizard(page, language);
      await w.expectStep(1);
      const country = page.getByRole("textbox", { name: tr("signup", "Country", language) });
      await expect(country).toBeVisible();
      await expect(country).toHaveAttribute("readonly", "");
      await expect(country).toHaveValue(language === "en" ? "United States" : "Estados Unidos");
      // From the first field, Tab through the step to the consent box after it: the country never takes the focus.
      // Enabled once the page has hydrated (before, focus() on it does nothing and Tab would start from the page).
      const firstName = page.getByRole("textbox", { name: w.t("First name") });
      await expect(firstName).toBeEnabled();
      await firstName.focus();
      await expect(firstName).toBeFocused();
      const consent = page.getByRole("checkbox", { name: w.t("I agree to receive e-mails, texts and calls about my pickups and my subscription.") });
      let reachedConsent = false;
      for (let i = 0; i < 25 && !reachedConsent; i++) {
        await page.keyboard.press("Tab");
        expect(await country.evaluate((el) => el === document.activeElement)).toBe(false);
        reachedConsent = await consent.evaluate((el) => el === document.activeElement);
      }
      expect(reachedConsent, "Tab went past the country to the consent box").toBe(true);
    });
  });
}
