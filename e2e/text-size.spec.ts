// Text at 200 % on a phone (WCAG 1.4.4 Resize Text), in both languages: Chrome's default font size at 32 px
// instead of 16, as a phone's text scaling sets it (the site's text sizes are rem, so they double). At 390 x 844
// nothing may need sideways scrolling, the header's menu button is on screen and opens the menu, and every sign-up
// step shows its Back and Continue; on step 4 the calendar's seven weekday columns are on screen and a weekend day
// is picked. One page per language for the public pages, one walk per language for the sign-up.
// On small phones (320 x 568, 390 x 664, and 568 x 320 on its side) the header, scrolled with the page, keeps at
// most a quarter of the screen, its open menu can be scrolled to its last link, and at 320 px a heading breaks no
// word of up to ten letters mid-word.
import type { Locator, Page } from "@playwright/test";
import { test, expect, expectHydrated, useLanguage, at, renderWholePage, isoDay, type Language } from "./fixtures";
import { openSettled, publicPaths } from "./public-paths";
import { availableDays, tr } from "./checkout-helpers";
import { uniqueSignupEmail, wizard } from "./models/signup-driver";

const paths = publicPaths;

const phone = { width: 390, height: 844 };

/**
 * Chrome's default font size doubled (Chromium's own setting, through CDP), before the page loads. A setting Playwright
 * knows nothing of (a full-page screenshot, for one, drops it until the next load): checked on every page.
 */
async function textAt200(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/** The measurement itself: the site's rem sizes follow the doubled default. */
async function expectTextAt200(page: Page) {
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), "the root font size").toBe("32px");
}

/**
 * What makes the page wider than the screen: nothing when it is not, else its width and the elements and words
 * that stick out past the right edge (the innermost ones), named for the failure message.
 */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")}`;
    const out: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest(".sr-only, [hidden]") || el.getBoundingClientRect().right <= width + 0.5) continue;
      if ([...el.children].some((child) => child.getBoundingClientRect().right > width + 0.5)) continue;
      out.push(`${name(el)} to ${Math.round(el.getBoundingClientRect().right)} px: "${(el.textContent ?? "").trim().slice(0, 30)}"`);
    }
    return [`${document.documentElement.scrollWidth} px wide on a ${width} px screen`, ...out.slice(0, 5)];
  });
}

/** Fully on screen, sideways included: scrolled to vertically (as a reader would), never sideways. */
async function expectOnScreen(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await control.page().evaluate(() => window.scrollTo({ left: 0, top: window.scrollY }));
  await expect(control).toBeInViewport({ ratio: 1 });
}

/** The header's menu button is on screen and opens the menu, which fits the screen too; Escape closes it. */
async function expectMenuOpens(page: Page, language: Language, where: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const toggle = page.getByRole("button", { name: tr("shell", "Open menu", language) });
  await expect(toggle, `${where}: the menu button is on screen`).toBeInViewport({ ratio: 1 });
  await toggle.click();
  await expect(page.getByRole("navigation", { name: tr("shell", "Mobile", language) })).toBeVisible();
  expect(await sideways(page), `${where}, menu open: nothing sideways`).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
}

/** Small phones, held upright and on its side: the header's share of the screen is measured on each. */
const smallPhones = [
  { width: 320, height: 568 },
  { width: 390, height: 664 },
  { width: 568, height: 320 },
];

/** How much of the screen the header covers once the page is scrolled down (a sticky header stays, any other goes). */
function headerShare(page: Page): Promise<{ covered: number; share: number }> {
  return page.evaluate(async () => {
    window.scrollTo(0, Math.min(600, document.documentElement.scrollHeight - innerHeight));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const box = document.querySelector("body header")!.getBoundingClientRect();
    const covered = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
    window.scrollTo(0, 0);
    return { covered: Math.round(covered), share: covered / innerHeight };
  });
}

/**
 * The words of the page's headings (h1, h2) that a line ends inside of, letter to letter ("Laundr|y"): only those of
 * up to `longest` letters, which a heading's size should let fit a line; a longer word may still need breaking.
 */
function headingWordsBroken(page: Page, longest: number): Promise<string[]> {
  return page.evaluate((longest) => {
    const out: string[] = [];
    const range = document.createRange();
    for (const heading of document.querySelectorAll("main h1, main h2")) {
      if (!heading.getClientRects().length) continue;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.data;
        let previousTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getClientRects()[0]?.top ?? null;
          if (top !== null && previousTop !== null && top > previousTop + 1 && /\p{L}/u.test(text[i]!) && /\p{L}/u.test(text[i - 1]!)) {
            const word = (text.slice(0, i).match(/\p{L}+$/u)?.[0] ?? "") + "|" + (text.slice(i).match(/^\p{L}+/u)?.[0] ?? "");
            if (word.length - 1 <= longest) out.push(`${heading.tagName.toLowerCase()} "${word}"`);
          }
          previousTop = top;
        }
      }
    }
    return out;
  }, longest);
}

/** The first Saturday at least `from` days ahead, as an offset from today. */
function saturdayFrom(from: number): number {
  let offset = from;
  while (new Date(`${isoDay(offset)}T12:00:00`).getDay() !== 6) offset++;
  return offset;
}

for (const language of ["en", "es"] as const) {
  test.describe(`text at 200 % on a phone (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(phone);
      await page.emulateMedia({ reducedMotion: "reduce" });
      await useLanguage(page, language);
      await textAt200(page);
    });

    test(`every public page fits the width and its menu opens at 390 x 844 (${language})`, async ({ page }) => {
      test.setTimeout(240_000);
      const failures: string[] = [];
      for (const path of paths) {
        // Hydrated, so the menu button works.
        await openSettled(page, language, path);
        await expectTextAt200(page);
        await renderWholePage(page);
        const found = await sideways(page);
        if (found.length) failures.push(`${at(language, path)}: ${found.join("; ")}`);
        await expectMenuOpens(page, language, at(language, path));
      }
      expect(failures, "pages wider than the screen").toEqual([]);
    });

    test(`on small phones the header keeps at most a quarter of the screen, its open menu scrolls to its last link, and headings keep short words whole (${language})`, async ({ page }) => {
      test.setTimeout(300_000);
      const failures: string[] = [];
      for (const size of smallPhones) {
        await page.setViewportSize(size);
        for (const path of paths) {
          await openSettled(page, language, path);
          await expectTextAt200(page);
          await renderWholePage(page);
          const where = `${at(language, path)} at ${size.width} x ${size.height}`;
          const { covered, share } = await headerShare(page);
          if (share > 0.25) failures.push(`${where}: the header covers ${covered} px, ${Math.round(share * 100)} % of the screen`);
          expect(await sideways(page), `${where}: nothing sideways`).toEqual([]);
          if (size.width === 320) for (const word of await headingWordsBroken(page, 10)) failures.push(`${where}: ${word} broken mid-word`);
        }
      }
      expect(failures, "the header's share of the screen, and heading words broken").toEqual([]);

      // The menu open: ten links and Schedule Pickup, taller than the screen, each reachable by scrolling.
      await page.setViewportSize(smallPhones[0]!);
      await page.goto(at(language, "/faq"));
      await expectHydrated(page);
      await page.getByRole("button", { name: tr("shell", "Open menu", language) }).click();
      const menu = page.getByRole("navigation", { name: tr("shell", "Mobile", language) });
      for (const link of [menu.getByRole("link").first(), menu.getByRole("link").last()]) {
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport({ ratio: 1 });
      }
      expect(await sideways(page), "menu open: nothing sideways").toEqual([]);
    });

    test(`every sign-up step fits the width, with Back, Continue and every weekday on screen at 390 x 844 (${language})`, async ({ page }) => {
      test.setTimeout(120_000);
      const w = wizard(page, language);
      const t = w.t;
      const expectStepFits = async (step: number) => {
        await w.expectStep(step);
        await expectTextAt200(page);
        expect(await sideways(page), `step ${step}: nothing sideways`).toEqual([]);
        if (step > 1) await expectOnScreen(w.backButton);
        await expectOnScreen(step === 6 ? w.payButton : w.continueButton);
      };

      await page.goto(at(language, "/signup"));
      await expectHydrated(page);
      await expectTextAt200(page);
      await expectMenuOpens(page, language, "the sign-up");
      await expectStepFits(1);
      await w.fillPersonal({ email: uniqueSignupEmail(`text200-${language}`) });
      await expect(w.areaStatus).toHaveText(t("Good news: we serve your area."));
      await w.continueButton.click();
      for (const [step, choice] of [[2, "Scented"], [3, "No fabric softener"]] as const) {
        await expectStepFits(step);
        await page.getByText(t(choice), { exact: true }).click();
        await w.continueButton.click();
      }
      await expectStepFits(4);

      // Step 4: the calendar's seven weekday columns on screen (react-aria hides their headings from screen readers,
      // each day's name says its weekday), and a Saturday picked as the start date, its whole week on screen.
      const calendar = page.getByRole("grid");
      const weekdays = calendar.getByRole("columnheader", { includeHidden: true });
      await expect(weekdays).toHaveCount(7);
      for (const weekday of await weekdays.all()) await expectOnScreen(weekday);
      const saturday = saturdayFrom(language === "en" ? 9 : 16);
      const [first, second] = await availableDays(page.request, saturday);
      const start = isoDay(saturday);
      const cellName = new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(new Date(`${start}T12:00:00`));
      const startCell = calendar.getByRole("button", { name: new RegExp(cellName, "i") });
      if ((await startCell.count()) === 0) await page.getByRole("button", { name: t("Next month") }).click();
      const week = startCell.locator("xpath=ancestor::tr[1]").getByRole("gridcell");
      await expect(week).toHaveCount(7);
      for (const day of await week.all()) await expectOnScreen(day);
      await startCell.click();
      await expect(page.getByTestId("start-date")).toBeVisible();
      await w.day(first).click();
      await w.day(second).click();
      await w.toHaveSelected(2);
      await expectStepFits(4);
      await w.continueButton.click();

      await expectStepFits(5);
      await w.chooseHouse();
      await expectStepFits(6);
    });
  });
}
