// The sign-up on a short phone screen, as a tester on a phone found it: the validation toast never covers the field
// the focus goes to nor its message; Back after switching the language mid sign-up; Forward after a reload.
import type { Page } from "@playwright/test";
import { test, expect, useLanguage } from "./fixtures";
import { a, uniqueSignupEmail, wizard } from "./models/signup-driver";

test.use({ isMobile: true, hasTouch: true });

const toastRegion = (page: Page) => page.getByRole("region", { name: /Notifications|Notificaciones/ });

/**
 * The focused field and the texts that describe it (its message), the header's bottom and the toasts' boxes: the
 * field must lie below the header, above the bottom of the screen, and clear of every toast.
 */
async function expectFocusedFieldClear(page: Page) {
  // The toast lays out after the focus has moved: measure once it shows and the page has settled.
  await expect(toastRegion(page).getByRole("alertdialog").first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const field = document.activeElement!;
        const parts = [field, ...(field.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id))];
        const boxes = parts.flatMap((el) => (el ? [el.getBoundingClientRect()] : [])).filter((box) => box.height > 0);
        const top = Math.min(...boxes.map((box) => box.top));
        const bottom = Math.max(...boxes.map((box) => box.bottom));
        const header = document.querySelector("header")!.getBoundingClientRect().bottom;
        const toasts = [...document.querySelectorAll('[role="alertdialog"]')].map((toast) => toast.getBoundingClientRect());
        const problems: string[] = [];
        if (top < header) problems.push(`under the header (${top} < ${header})`);
        if (bottom > window.innerHeight) problems.push(`below the screen (${bottom} > ${window.innerHeight})`);
        // A toast scrolled out of its region's box is not shown there: only what the region shows counts.
        const region = document.querySelector('[role="alertdialog"]')!.parentElement!.closest('[role="region"]')!.getBoundingClientRect();
        for (const toast of toasts) {
          const shownTop = Math.max(toast.top, region.top);
          const shownBottom = Math.min(toast.bottom, region.bottom);
          if (shownTop < bottom && shownBottom > top) problems.push(`under a toast (field ${top}-${bottom}, toast ${shownTop}-${shownBottom})`);
        }
        return problems;
      }),
    )
    .toEqual([]);
}

for (const language of ["en", "es"] as const) {
  // 390 x 664, and the same phone with its on-screen keyboard up (about 300 px taken).
  for (const height of [664, 364]) {
    test(`a failed Continue at 390 x ${height} (${language}): the focused field and its message are clear of the validation toast`, async ({ page }) => {
      test.slow();
      await useLanguage(page, language);
      await page.setViewportSize({ width: 390, height });
      await page.goto(language === "es" ? "/es/signup" : "/signup");
      const w = wizard(page, language);
      const t = w.t;
      await w.expectStep(1);
      await expect(w.continueButton).toBeEnabled();

      // Everything empty: the longest toast (every message of the step) and the first field.
      await w.continueButton.click();
      const firstName = page.getByRole("textbox", { name: t("First name") });
      await expect(firstName).toBeFocused();
      await expectFocusedFieldClear(page);
      await expect(toastRegion(page).getByText(t("Validation Error"), { exact: true })).toBeVisible();

      // A field further down: the phone, the only error left.
      await w.fillPersonal({ email: uniqueSignupEmail(`toast-${language}-${height}`) });
      await page.getByRole("textbox", { name: t("Phone") }).fill("305");
      await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
      await w.continueButton.click();
      await expect(page.getByRole("textbox", { name: t("Phone") })).toBeFocused();
      await expectFocusedFieldClear(page);

      // Reached by the keyboard as well: Tab to the next field keeps it clear of the toast while it shows.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("textbox", { name: a("Street address", language) })).toBeFocused();
      await expectFocusedFieldClear(page);
    });
  }
}


/** Steps 1 to 3 of a sign-up in English from /pricing, ending on step 3 with "No fabric softener" chosen. */
async function upToStep3(page: Page, tag: string) {
  // English chosen in the cookie only, once (the fixtures' useLanguage writes it again on every load, which would
  // undo the footer button's choice).
  await page.context().addCookies([{ name: "language", value: "en", url: test.info().project.use.baseURL! }]);
  await page.setViewportSize({ width: 390, height: 664 });
  await page.goto("/pricing");
  await page.goto("/signup");
  const w = wizard(page, "en");
  await w.expectStep(1);
  await w.fillPersonal({ email: uniqueSignupEmail(tag) });
  await expect(w.areaStatus).toHaveText(w.t("Good news: we serve your area."));
  await w.continueButton.click();
  await w.expectStep(2);
  await page.getByText(w.t("Scented"), { exact: true }).click();
  await w.continueButton.click();
  await w.expectStep(3);
  await page.getByText(w.t("No fabric softener"), { exact: true }).click();
  return w;
}

test("the language switched on step 3: Back goes to step 2 and then step 1 in the chosen language, everything kept; Forward returns", async ({ page, context, baseURL }) => {
  test.slow();
  await upToStep3(page, "switch");
  // The footer's button saves the choice (cookie and storage) and loads the same page in Spanish.
  await page.getByRole("button", { name: "Switch language to Español" }).click();
  await expect(page).toHaveURL(/\/es\/signup$/);
  const es = wizard(page, "es");
  await es.expectStep(3);
  await expect(page.getByRole("radio", { name: new RegExp(es.t("No fabric softener")) })).toBeChecked();
  expect((await context.cookies(baseURL!)).find((c) => c.name === "language")?.value).toBe("es");

  await page.goBack();
  await expect(page).toHaveURL(/\/es\/signup$/);
  await es.expectStep(2);
  await expect(page.getByRole("radio", { name: new RegExp(es.t("Scented")) })).toBeChecked();
  await page.goBack();
  await es.expectStep(1);
  await expect(page.getByRole("textbox", { name: es.t("First name") })).toHaveValue("Ana");
  await page.goForward();
  await es.expectStep(2);
  await page.goForward();
  await es.expectStep(3);
  await expect(page.getByRole("radio", { name: new RegExp(es.t("No fabric softener")) })).toBeChecked();
});

test("Back to step 2, a reload, then Forward reopens step 3 as it was left", async ({ page }) => {
  test.slow();
  const w = await upToStep3(page, "reload");
  await page.goBack();
  await w.expectStep(2);
  await page.reload();
  await w.expectStep(2);
  await expect(page.getByRole("radio", { name: new RegExp(w.t("Scented")) })).toBeChecked();
  await page.goForward();
  await w.expectStep(3);
  await expect(page.getByRole("radio", { name: new RegExp(w.t("No fabric softener")) })).toBeChecked();
  // And Back again, then Back out of the wizard to the page before it.
  await page.goBack();
  await w.expectStep(2);
});
