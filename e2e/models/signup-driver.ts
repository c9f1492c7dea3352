// Drives the real sign-up wizard in a page, by role and label in either language (texts from the catalogs).
import { format, getISODay, parseISO } from "date-fns";
import { enUS, es } from "date-fns/locale";
import type { Page } from "@playwright/test";
import { tr } from "../checkout-helpers";
import { expect, isoDay, type Language } from "../fixtures";

export { isoDay };

export const s = (id: string, language: Language) => tr("signup", id, language);
export const a = (id: string, language: Language) => tr("address", id, language);

export const uniqueSignupEmail = (tag: string) => `signup-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const locale = { en: enUS, es };
/** The accessible name of a day in the availability grid (src/signup/steps/dates-step.tsx). */
export const dayName = (date: string, language: Language) =>
  format(parseISO(date), language === "es" ? "EEEE d 'de' MMMM" : "EEEE, MMMM d", { locale: locale[language] });
export const weekday = (date: string, language: Language) => format(parseISO(date), "EEEE", { locale: locale[language] });
/** The weekly pickup days as the site writes them: in weekday order from Monday, joined ("jueves y domingo"). */
export const weekdayList = (dates: string[], language: Language) =>
  new Intl.ListFormat(language === "es" ? "es-US" : "en-US", { type: "conjunction" }).format(
    [...dates].sort((a, b) => getISODay(parseISO(a)) - getISODay(parseISO(b))).map((d) => weekday(d, language)),
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function wizard(page: Page, language: Language) {
  const t = (id: string) => s(id, language);
  const progress = page.getByRole("progressbar");
  const api = {
    t,
    progress,
    // The calendar has a hidden "Siguiente" (next) button of its own: Continue is the form's submit button.
    continueButton: page.getByRole("button", { name: t("Continue"), exact: true }).and(page.locator('[type="submit"]')),
    backButton: page.getByRole("button", { name: t("Back"), exact: true }),
    payButton: page.getByRole("button", { name: t("Complete and pay"), exact: true }).and(page.locator('[type="submit"]')),
    emailStatus: page.getByTestId("email-check-status"),
    areaStatus: page.getByTestId("area-check-status"),
    async expectStep(step: number) {
      await expect(progress).toHaveAccessibleName(new RegExp(t("Step {step} of {SIGNUP_STEPS}").replace("{step}", String(step)).replace("{SIGNUP_STEPS}", "6")));
      await expect(progress).toHaveAttribute("aria-valuenow", String(Math.round((step / 6) * 100)));
    },
    async fillPersonal({ email, zip = "33131", first = "Ana", last = "Díaz", phone = "305 555 0142" }: { email: string; zip?: string; first?: string; last?: string; phone?: string }) {
      await page.getByRole("textbox", { name: t("First name") }).fill(first);
      await page.getByRole("textbox", { name: t("Last name") }).fill(last);
      await page.getByRole("textbox", { name: t("Email") }).fill(email);
      await page.getByRole("textbox", { name: t("Phone") }).fill(phone);
      await page.getByRole("textbox", { name: a("Street address", language) }).fill("801 Brickell Avenue");
      await page.getByRole("textbox", { name: a("ZIP code", language) }).fill(zip);
      await page.getByRole("textbox", { name: a("City", language) }).fill("Miami");
      for (const label of ["I agree to receive e-mails, texts and calls about my pickups and my subscription.", "I accept the terms of service and the privacy policy."]) {
        await page.getByText(t(label), { exact: true }).click();
        await expect(page.getByRole("checkbox", { name: t(label) })).toBeChecked();
      }
    },
    /** Steps 2 and 3 with the usual answers (scented, no softener), ending on step 4. */
    async answerPreferences() {
      await api.expectStep(2);
      await page.getByText(t("Scented"), { exact: true }).click();
      await api.continueButton.click();
      await api.expectStep(3);
      await page.getByText(t("No fabric softener"), { exact: true }).click();
      await api.continueButton.click();
      await api.expectStep(4);
    },
    /** Step 4: the start date and two pickup days, then on to step 5. */
    async pickDays(start: string, [first, second]: [string, string]) {
      await api.chooseStartDate(start);
      await api.day(first).click();
      await api.day(second).click();
      await api.toHaveSelected(2);
      await api.continueButton.click();
      await api.expectStep(5);
    },
    /** Step 5 as a house, then on to the review (step 6). */
    async chooseHouse() {
      await page.getByText(t("House"), { exact: true }).click();
      await api.continueButton.click();
      await api.expectStep(6);
    },
    async chooseStartDate(date: string) {
      const grid = page.getByRole("application", { name: t("Start date") }).or(page.getByRole("group", { name: t("Start date") })).first();
      const cellName = new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(parseISO(date));
      for (let i = 0; i < 3; i++) {
        const cell = grid.getByRole("button", { name: new RegExp(cellName, "i") });
        if (await cell.count()) {
          await cell.click();
          return;
        }
        await page.getByRole("button", { name: t("Next month") }).click();
      }
      throw new Error(`No calendar cell for ${date}`);
    },
    /** A day of the availability grid; the start date's name adds "(start date)". */
    day: (date: string) =>
      page.getByRole("button", { name: new RegExp(`^${escapeRegExp(dayName(date, language))}(${escapeRegExp(t("{0} (start date)").replace("{0}", ""))})?$`) }),
    async toHaveSelected(count: number) {
      await expect(page.getByText(t("({0}/{PICKUP_DAYS_REQUIRED} selected)").replace("{0}", String(count)).replace("{PICKUP_DAYS_REQUIRED}", "2"))).toBeVisible();
    },
  };
  return api;
}
