// The success page's billing-portal button pressed long after the page loaded, in English and Spanish: the
// provider's portal links are short-lived, so the press asks for a fresh link and leaves with it, never with the
// one obtained on load (docs/decisions/017-portal-link-fresh-on-press.md). Playwright's clock moves the page ten
// minutes on; the portal-session calls are counted and the second one held to see the button busy meanwhile. And a
// portal page that does not open: the button stays busy until the page is gone, or LEAVING_PATIENCE_MS.
import type { Route } from "@playwright/test";
import { test, expect, at, expectNoAxeViolations, useLanguage } from "./fixtures";
import { LEAVING_PATIENCE_MS } from "#machines/leaving-patience";
import { availableDays, createCheckout, makeClient, payThroughApi, seedSavedCheckout, signInLinkFor, stopFirstPortalPage, tr, uniqueEmail } from "./checkout-helpers";

// Days apart from the other specs' (parallel tests never share one).
const offsets = { en: 49, es: 53 };
const lapsedOffsets = { en: 57, es: 52 };
const slowOffsets = { en: 55, es: 29 };

for (const language of ["en", "es"] as const) {
  const checkout = (english: string) => tr("checkout", english, language);

  test.describe(`the success page's portal button (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
      await page.clock.install();
    });

    test("pressed ten minutes after the page loaded, it asks for a fresh portal link and leaves with that one", async ({ page, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`portal-fresh-${language}`);
      const client = makeClient(email, await availableDays(page.request, offsets[language]), language);
      // Paid from this browser's context: its cookie proves the paying browser, as after the hosted checkout.
      await payThroughApi(page.request, await createCheckout(page.request, baseURL!, client));
      await seedSavedCheckout(page, client);

      // Every portal-session call goes to the server; the links it answers are kept, and the second call is
      // held until released.
      const links: string[] = [];
      let held: Route | null = null;
      const answer = async (route: Route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { portal_url?: string };
        links.push(body.portal_url ?? "");
        await route.fulfill({ response });
      };
      await page.route("**/api/payments/create-portal-session/*", async (route) => {
        if (links.length === 1 && !held) held = route;
        else await answer(route);
      });

      await page.goto(at(language, "/payment-success"));
      const button = page.getByRole("button", { name: checkout("Go to Billing Portal") });
      await expect(button).toBeEnabled();
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/\/sandbox\/portal\//);

      // The customer reads the page, answers a text, and comes back ten minutes later.
      await page.clock.fastForward("10:00");
      await button.click();
      await expect.poll(() => held !== null).toBe(true);
      await expect(button).toBeDisabled();
      await expect(page.getByRole("status")).toHaveText(checkout("Opening your billing portal…"));

      await answer(held!);
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      expect(links).toHaveLength(2);
      expect(links[1]).not.toBe(links[0]);
      expect(page.url()).toBe(links[1]);
      await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
    });

    test("a portal page that does not open: the button stays busy, works again after LEAVING_PATIENCE_MS with a notice, and a press leaves again with a fresh link", async ({ page, baseURL }) => {
      test.slow();
      const email = uniqueEmail(`portal-slow-${language}`);
      const client = makeClient(email, await availableDays(page.request, slowOffsets[language]), language);
      await payThroughApi(page.request, await createCheckout(page.request, baseURL!, client));
      await seedSavedCheckout(page, client);
      // The first portal page does not open (stopped); later ones load.
      const { asks, stopped } = await stopFirstPortalPage(page);

      await page.goto(at(language, "/payment-success"));
      const button = page.getByRole("button", { name: checkout("Go to Billing Portal") });
      await expect(button).toBeEnabled();
      // Timers run only when the test moves the clock: leaving's patience starts exactly at the press.
      await page.clock.pauseAt(new Date(Date.now() + 1000));
      await button.click();
      await expect.poll(() => stopped.length).toBe(1);
      const status = page.getByRole("status");
      // Until the patience is out the button stays busy: no tap asks for another portal session.
      await page.clock.runFor(LEAVING_PATIENCE_MS - 1);
      await expect(button).toBeDisabled();
      await expect(status).toHaveText(checkout("Opening your billing portal…"));
      expect(asks).toHaveLength(2);

      await page.clock.runFor(1);
      await expect(button).toBeEnabled();
      await expect(status).toHaveText(
        checkout("Your billing portal hasn't opened yet. It may still be loading. If it doesn't open, press Go to Billing Portal again."),
      );
      expect(asks).toHaveLength(2);
      // axe waits on timers: the clock runs again first.
      await page.clock.resume();
      await expectNoAxeViolations(page);

      await button.click();
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      expect(asks).toHaveLength(3);
      expect(page.url()).not.toBe(stopped[0]);
      await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
    });

    test("opened again once the paying browser's proof has gone, it says a sign-in link was e-mailed and offers no Try again", async ({ page, baseURL }) => {
      const email = uniqueEmail(`portal-lapsed-${language}`);
      const client = makeClient(email, await availableDays(page.request, lapsedOffsets[language]), language);
      await payThroughApi(page.request, await createCheckout(page.request, baseURL!, client));
      await seedSavedCheckout(page, client);
      await page.goto(at(language, "/payment-success"));
      await expect(page.getByRole("button", { name: checkout("Go to Billing Portal") })).toBeEnabled();

      // A day later the browser has dropped the checkout cookie (and the server holds it to that day too); the phone
      // reloads the tab it had kept.
      const asks: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/payments/create-portal-session/")) asks.push(new URL(request.url()).searchParams.get("requestId") ?? "");
      });
      await page.context().clearCookies();
      await page.reload();
      const emailed = checkout("For your security, this page can no longer open your billing portal. We've emailed you a sign-in link to it.");
      await expect(page.getByRole("status")).toHaveText(emailed);
      await expect(page.getByRole("button", { name: checkout("Go to Billing Portal") })).toBeDisabled();
      await expect(page.getByRole("button", { name: checkout("Try again") })).toHaveCount(0);
      // The link the page says was sent is in the customer's mailbox.
      expect(await signInLinkFor(page.request, email)).toMatch(/token=s\./);
      // Reloaded again, the page asks as the same request (decision 018): the server sends no second link meanwhile.
      await page.reload();
      await expect(page.getByRole("status")).toHaveText(emailed);
      expect(asks).toHaveLength(2);
      expect(asks[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(asks[1]).toBe(asks[0]);
    });
  });
}
