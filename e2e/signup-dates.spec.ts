// Step 4 at a glance (issue 13 item 4), in English and Spanish: the start date looks unlike the pickup days,
// one sentence says what the two picks are, a dropped or cleared pick is announced (visibly and in a polite
// live region), weekday names are lower case in Spanish and in weekday order, the calendar heading is the
// locale's own ("noviembre de 2026").
import { parseISO } from "date-fns";
import { test, expect, expectNoAxeViolations, useLanguage } from "./fixtures";
import { availableDays, makeClient, makeForm, uniqueEmail } from "./checkout-helpers";
import { dayName, isoDay, weekdayList, wizard } from "./models/signup-driver";

const localeTag = { en: "en-US", es: "es-US" } as const;
const offsets = { en: 20, es: 23 };

for (const language of ["en", "es"] as const) {
  test.describe(`step 4 at a glance (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test("the start date is marked apart from the pickup days; a third pick and a new start date are announced; names read naturally", async ({ page }) => {
      test.slow();
      // Seven days from the start date, all in the grid: the test picks among those that have room.
      const [first, second] = await availableDays(page.request, offsets[language]);
      const availability = (await (await page.request.get(`/api/signupday/${first}`)).json()) as { availability: Record<string, boolean> };
      const open = Object.keys(availability.availability).filter((d) => availability.availability[d]).sort();
      expect(open.length, "three days with room in the week").toBeGreaterThanOrEqual(3);
      const client = makeClient(uniqueEmail(`dates-${language}`), [first, second], language);
      // The tab's own mirror of the form, on step 4, with the start date and two picks already made.
      await page.addInitScript((form) => {
        if (!window.sessionStorage.getItem("signup:client-data")) window.sessionStorage.setItem("signup:client-data", JSON.stringify({ form, step: 4 }));
      }, { ...makeForm(client), startDate: first, picks: [open[1], open[2]] });
      await page.goto("/signup");
      const w = wizard(page, language);
      const t = w.t;
      await w.expectStep(4);
      await w.toHaveSelected(2);

      // One sentence says what the two picks are.
      await expect(page.getByText(t("Choose the date from which you want to start. Then pick two days of that week: they become your weekly pickup days."))).toBeVisible();

      // The start date: named in words under the calendar, a ringed circle in the calendar (not the pickup days'
      // filled box), and "(start date)" in the name of its day in the grid.
      await expect(page.getByTestId("start-date")).toHaveText(`${t("Start date:")} ${dayName(first, language)}`);
      // The ring is drawn by the day's box inside its cell (the cell is the day's 44 px tap target: src/ui/calendar.tsx).
      const startCell = page.locator('[role="gridcell"] [data-selected] > span');
      await expect(startCell).toHaveCount(1);
      const pickedDay = w.day(open[1]!);
      await expect(pickedDay).toHaveAttribute("aria-pressed", "true");
      const [startLook, pickLook] = await Promise.all([
        startCell.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, radius: getComputedStyle(el).borderTopLeftRadius })),
        pickedDay.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, radius: getComputedStyle(el).borderTopLeftRadius })),
      ]);
      expect(startLook.background, "the start date is not filled like a pickup day").not.toBe(pickLook.background);
      expect(startLook.radius, "the start date is a circle, the pickup days are boxes").not.toBe(pickLook.radius);
      await expect(page.getByRole("button", { name: t("{0} (start date)").replace("{0}", dayName(first, language)), exact: true })).toBeVisible();
      await expect(pickedDay).toContainText(t("Pickup"));

      // The calendar's heading is the locale's own month and year, not capitalised by CSS ("noviembre de 2026").
      const month = new Intl.DateTimeFormat(localeTag[language], { month: "long", year: "numeric" }).format(parseISO(`${first.slice(0, 8)}15`));
      // react-aria names the heading "Start date, <month>" (the calendar's label comes first, visually hidden).
      const heading = page.getByRole("heading", { name: new RegExp(`${month}$`) });
      await expect(heading).toBeVisible();
      // innerText is the text as rendered, so a CSS text-transform ("Diciembre De 2026") would show here.
      expect(await heading.innerText()).toMatch(new RegExp(`(^|, )${month}$`));
      if (language === "es") expect(month).toMatch(/^[a-z]+ de \d{4}$/);

      // The weekly days, in weekday order from Monday and, in Spanish, lower case ("jueves y domingo").
      const listOf = (days: string[]) => weekdayList(days, language);
      const pickupDays = page.getByTestId("pickup-days");
      expect(await pickupDays.innerText()).toBe(`${t("Your weekly pickup days:")} ${listOf([open[1]!, open[2]!])}`);
      if (language === "es") expect(await pickupDays.locator("strong").innerText()).toMatch(/^[a-záéíóú]+ y [a-záéíóú]+$/);

      // A third pick drops the oldest one, and says so on screen and in a polite live region.
      const notice = page.getByTestId("pick-notice");
      await expect(notice).toHaveAttribute("role", "status");
      await expect(notice).toHaveAttribute("aria-live", "polite");
      await expect(notice).toHaveText("");
      await w.day(open[0]!).click();
      await w.toHaveSelected(2);
      await expect(w.day(open[1]!)).toHaveAttribute("aria-pressed", "false");
      await expect(notice).toHaveText(t("Only two days can be picked: {0} was removed.").replace("{0}", dayName(open[1]!, language)));
      await expect(notice).toBeVisible();
      expect(await pickupDays.innerText()).toBe(`${t("Your weekly pickup days:")} ${listOf([open[2]!, open[0]!])}`);
      await expectNoAxeViolations(page);

      // Ticking a day off says nothing more.
      await w.day(open[0]!).click();
      await w.toHaveSelected(1);
      await expect(notice).toHaveText("");

      // A new start date clears the picks and says which.
      const later = isoDay(offsets[language] + 14);
      await w.chooseStartDate(later);
      await expect(page.getByTestId("start-date")).toHaveText(`${t("Start date:")} ${dayName(later, language)}`);
      await w.toHaveSelected(0);
      await expect(notice).toHaveText(
        t("New start date: your picked days ({0}) were cleared. Pick two days again.").replace("{0}", listOf([open[2]!])),
      );
      await expect(notice).toBeVisible();
      await expect(pickupDays).toHaveText("");
      await expectNoAxeViolations(page);
    });
  });
}
