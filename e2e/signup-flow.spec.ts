// The generated browser suite: one test per path of the abstract flow model (e2e/models/signup-flow.ts),
// each walked in the real wizard against the real server.
import { test, expect, useLanguage } from "./fixtures";
import { flowPaths } from "./models/signup-flow";
import { isoDay, uniqueSignupEmail, wizard } from "./models/signup-driver";

for (const path of flowPaths()) {
  test(`flow: ${path.description}`, async ({ page }) => {
    // Up to a dozen steps, each a round of the real wizard and server: three walks timed out at 30 s on a loaded 2-core run.
    test.slow();
    await useLanguage(page, "en");
    await page.goto("/signup");
    const w = wizard(page, "en");
    const toast = page.getByRole("alertdialog").or(page.getByRole("region", { name: "Notifications" }));
    const onStep = (step: number) => async () => {
      await w.expectStep(step);
    };
    await path.test({
      states: {
        personal: onStep(1),
        personalInvalid: async () => {
          await w.expectStep(1);
          await expect(toast.getByText("Validation Error")).toBeVisible();
          await expect(toast.getByText(/First name must be at least 2 characters, .*Valid email is required/)).toBeVisible();
          await expect(page.getByRole("textbox", { name: "First name" })).toHaveAttribute("aria-invalid", "true");
        },
        personalFilled: async () => {
          await w.expectStep(1);
          await expect(w.backButton).toBeDisabled();
        },
        detergent: onStep(2),
        detergentChosen: async () => expect(page.getByRole("radio", { name: /Hypoallergenic/ })).toBeChecked(),
        softener: onStep(3),
        softenerChosen: async () => expect(page.getByRole("radio", { name: /No fabric softener/ })).toBeChecked(),
        dates: onStep(4),
        datesInvalid: async () => {
          await w.expectStep(4);
          await expect(toast.getByText("Please select exactly two weekly pickup dates")).toBeVisible();
        },
        datesPicked: async () => w.toHaveSelected(2),
        building: onStep(5),
        houseChosen: async () => {
          await expect(page.getByRole("textbox", { name: "Gate code" })).toBeVisible();
          await expect(page.getByRole("textbox", { name: "Unit number" })).toHaveCount(0);
        },
        apartmentChosen: async () => {
          await w.expectStep(5);
          await expect(page.getByRole("textbox", { name: "Unit number" })).toHaveValue("4B");
          // The phone offers the saved address's second line.
          await expect(page.getByRole("textbox", { name: "Unit number" })).toHaveAttribute("autocomplete", "address-line2");
        },
        businessChosen: async () => {
          await expect(page.getByRole("textbox", { name: "Business name" })).toHaveValue("Café Brickell");
          await expect(page.getByRole("textbox", { name: "Business name" })).toHaveAttribute("autocomplete", "organization");
        },
        reviewHouse: onStep(6),
        reviewApartment: async () => {
          await w.expectStep(6);
          await expect(page.getByText("801 Brickell Avenue, Unit 4B")).toBeVisible();
        },
        reviewBusiness: async () => {
          await w.expectStep(6);
          await expect(page.getByText("Café Brickell")).toBeVisible();
        },
        checkout: async () => {
          await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        },
      },
      events: {
        CONTINUE_EMPTY: async () => w.continueButton.click(),
        FILL_PERSONAL: async () => w.fillPersonal({ email: uniqueSignupEmail("flow") }),
        CONTINUE: async () => w.continueButton.click(),
        BACK: async () => w.backButton.click(),
        CHOOSE_DETERGENT: async () => page.getByText("Hypoallergenic", { exact: true }).click(),
        CHOOSE_SOFTENER: async () => page.getByText("No fabric softener", { exact: true }).click(),
        PICK_DAYS: async () => {
          await w.chooseStartDate(isoDay(1));
          await w.day(isoDay(2)).click();
          await w.day(isoDay(4)).click();
        },
        CHOOSE_HOUSE: async () => page.getByText("House", { exact: true }).click(),
        CHOOSE_APARTMENT: async () => {
          await page.getByText("Apartment / Condo", { exact: true }).click();
          await page.getByRole("textbox", { name: "Unit number" }).fill("4B");
        },
        CHOOSE_BUSINESS: async () => {
          await page.getByText("Business", { exact: true }).click();
          await page.getByRole("textbox", { name: "Business name" }).fill("Café Brickell");
        },
        PAY: async () => w.payButton.click(),
      },
    });
  });
}
