// The sandbox billing portal on a phone (issue 13 item 9), in English and Spanish: 390 px without sideways
// scrolling, Cancel asks first and says what happens to the paid pickups, and the cancellation e-mail arrives.
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useLanguage } from "./fixtures";
import { SITE_CALL, availableDays, createCheckout, emailExists, mailboxFor, makeClient, payThroughApi, tr, uniqueEmail } from "./checkout-helpers";

const offsets = { en: 26, es: 33 };

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));

for (const language of ["en", "es"] as const) {
  const p = (id: string) => tr("payments", id, language);
  test.describe(`billing portal on a phone (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test("fits 390 px; Cancel asks first, names the paid pickups, and the cancellation e-mail arrives", async ({ page, baseURL }) => {
      test.slow();
      await page.setViewportSize({ width: 390, height: 844 });
      const email = uniqueEmail(`portal-${language}`);
      const days = await availableDays(page.request, offsets[language]);
      const checkoutUrl = await createCheckout(page.request, baseURL!, makeClient(email, days, language));
      await payThroughApi(page.request, checkoutUrl);
      // The paying browser's cookie proves the address: the portal link comes straight back.
      const answer = (await (await page.request.get(`/api/payments/create-portal-session/${encodeURIComponent(email)}`, SITE_CALL)).json()) as { portal_url: string };
      await page.goto(answer.portal_url);
      await expect(page.getByRole("heading", { level: 1, name: p("sandbox.portal.title") })).toBeVisible();
      const portal = await noSidewaysScroll(page);
      expect(portal.page, "the portal is no wider than the phone").toBeLessThanOrEqual(portal.viewport);
      await expectNoAxeViolations(page);

      // Cancel opens a confirmation; nothing is canceled yet.
      await page.getByRole("button", { name: p("sandbox.portal.cancel") }).click();
      await expect(page.getByRole("heading", { level: 1, name: p("sandbox.cancel.title") })).toBeVisible();
      const longDate = (d: string) =>
        new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));
      const list = new Intl.ListFormat(language === "es" ? "es-US" : "en-US", { type: "conjunction" }).format([...days].sort().map(longDate));
      await expect(page.getByText(p("sandbox.cancel.paidPickups").replace("{pickups}", list))).toBeVisible();
      await expect(page.getByText(p("sandbox.cancel.charges").replace("{amount}", "$29.99"))).toBeVisible();
      const confirm = await noSidewaysScroll(page);
      expect(confirm.page, "the confirmation is no wider than the phone").toBeLessThanOrEqual(confirm.viewport);
      await expectNoAxeViolations(page);
      expect(await emailExists(page.request, email)).toBe(true);

      // Keeping it goes back to the portal, still active; confirming cancels.
      await page.getByRole("link", { name: p("sandbox.cancel.keep") }).click();
      await expect(page.getByRole("heading", { level: 1, name: p("sandbox.portal.title") })).toBeVisible();
      expect(await emailExists(page.request, email)).toBe(true);
      await page.getByRole("button", { name: p("sandbox.portal.cancel") }).click();
      await page.getByRole("button", { name: p("sandbox.cancel.confirm") }).click();
      await expect(page.getByRole("status")).toHaveText(p("sandbox.portal.canceledNotice"));
      const after = await noSidewaysScroll(page);
      expect(after.page).toBeLessThanOrEqual(after.viewport);
      await expectNoAxeViolations(page);
      expect(await emailExists(page.request, email)).toBe(false);

      // The cancellation e-mail, in the customer's language, once.
      const subject = tr("mail", "mail.cancellation.subject", language).replace("{brand}", "FreshFold Laundry");
      await expect
        .poll(async () => (await mailboxFor(page.request, email)).filter((m) => m.subject === subject).length, { timeout: 15_000 })
        .toBe(1);
    });
  });
}
