// Home opened by the billing portal's link (product.md PAY-8, the welcome e-mail's ?token=) on a slow phone: from
// the first paint it says it is redirecting, in the page's language, never home's content nor a blank page, while
// the page's scripts and then the redirect's own code are held back; then the flow still reaches the portal.
import type { Page } from "@playwright/test";
import { test, expect, holdScripts, useLanguage } from "./fixtures";
import { availableDays, createCheckout, mailedLinkFor, makeClient, payThroughApi, tr, uniqueEmail } from "./checkout-helpers";

const offsets = { en: 58, es: 56 };

/** Every level-1 heading any page of the site showed, as it appeared (a MutationObserver from before the first byte). */
async function recordHeadings(page: Page) {
  const seen: Array<{ path: string; text: string }> = [];
  await page.exposeBinding("__headingSeen", ({ frame }, text: string) => seen.push({ path: new URL(frame.url()).pathname, text }));
  await page.addInitScript(() => {
    const report = (window as unknown as { __headingSeen: (text: string) => void }).__headingSeen;
    const known = new WeakSet<Element>();
    const look = () => {
      for (const heading of document.querySelectorAll("h1")) {
        if (known.has(heading) || !heading.textContent) continue;
        known.add(heading);
        report(heading.textContent);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return seen;
}

for (const language of ["en", "es"] as const) {
  const redirecting = tr("home", "Redirecting to Billing Portal", language);
  const hero = tr("home", "Laundry day, handled.", language);

  test(`the welcome e-mail's link shows the redirecting state before any script runs and while the redirect's code loads, never home's hero, then opens the portal (${language})`, async ({ page, request, baseURL }) => {
    test.slow();
    await useLanguage(page, language);
    const email = uniqueEmail(`portal-redirect-${language}`);
    await payThroughApi(request, await createCheckout(request, baseURL!, makeClient(email, await availableDays(request, offsets[language]), language)));
    const link = await mailedLinkFor(request, email, /https?:\/\/\S+[?&]token=w\.\S+/, "a welcome e-mail");
    expect(new URL(link).pathname).toBe(language === "es" ? "/es/" : "/");

    const headings = await recordHeadings(page);
    // Every script held; the redirect's own code (registered last, so matched first) held longer.
    const releaseScripts = await holdScripts(page, /\/assets\/[^/]+\.js$/);
    const releaseRedirect = await holdScripts(page, /\/assets\/portal-redirect-page-[^/]+\.js$/);
    await page.goto(link, { waitUntil: "commit" });

    // The server's page, before any script: the redirecting state in the page's language.
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: redirecting })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: hero })).toHaveCount(0);
    const served = await main.elementHandle();

    // The page's scripts run and render it afresh (a query string), the redirect's code still held: its fallback
    // is the same redirecting state, not a blank page.
    releaseScripts();
    await expect.poll(() => served!.evaluate((element) => element.isConnected)).toBe(false);
    await expect(main.getByRole("heading", { level: 1, name: redirecting })).toBeVisible();
    await expect(main.getByRole("status")).toHaveText(tr("home", "Please wait while we take you to your billing portal.", language));
    await expect(page.getByRole("heading", { name: hero })).toHaveCount(0);

    // The redirect's code arrives: the flow goes on to the portal.
    releaseRedirect();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // On the site's page, no heading but the redirecting one ever showed.
    const onSite = headings.filter((h) => !h.path.startsWith("/sandbox/"));
    expect(onSite.length).toBeGreaterThan(0);
    expect(onSite.filter((h) => h.text !== redirecting)).toEqual([]);
  });
}

test.describe("the portal redirect when the portal cannot be had", () => {
  test.use({ allowedConsoleErrors: [/status of 503/] });
  for (const language of ["en", "es"] as const) {
    test(`a failed "Email me a link" puts the focus on the failure's message, each time, not on the page's body (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      let asked = 0;
      await page.route("**/api/payments/create-portal-session/**", (route) => {
        asked += 1;
        return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "provider_unavailable", message: "down" } }) });
      });
      await page.goto(`${language === "es" ? "/es/" : "/"}?email=ana%40example.com`);
      const send = page.getByRole("button", { name: tr("checkout", "Email me a link to my billing portal", language) });
      const failure = page.getByRole("status").filter({ hasText: tr("checkout", "We couldn't send the link right now. Please try again in a minute.", language) });
      // From the keyboard, the way the focus would be lost: the button is disabled while sending.
      await send.focus();
      await page.keyboard.press("Enter");
      await expect(failure).toBeVisible();
      await expect(failure).toBeFocused();
      // Again: the same text (a live region says nothing new), so the focus is what reads it.
      const before = asked;
      await send.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => asked).toBeGreaterThan(before);
      await expect(send).toBeEnabled();
      await expect(failure).toBeFocused();
    });

    test(`Try again that fails once more puts the focus on the error's heading, not the page's top (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      let asked = 0;
      await page.route("**/api/payments/portal-session", (route) => {
        asked += 1;
        return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "provider_unavailable", message: "down" } }) });
      });
      await page.goto(`${language === "es" ? "/es/" : "/"}?token=w.not-a-real-token`);
      const alert = page.getByRole("alert");
      await expect(alert).toHaveText(tr("checkout", "Failed to create portal session. Please try again.", language));
      await page.getByRole("button", { name: tr("checkout", "Try again", language) }).click();
      await expect.poll(() => asked).toBe(2);
      await expect(alert).toHaveText(tr("checkout", "Failed to create portal session. Please try again.", language));
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    });
  }
});
