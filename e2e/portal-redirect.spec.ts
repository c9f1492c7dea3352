// Home opened by the billing portal's link (product.md PAY-8, the welcome e-mail's ?token=) on a slow phone: from
// the first paint it says it is redirecting, in the page's language, never home's content nor a blank page, while
// the page's scripts and then the redirect's own code are held back; then the flow still reaches the portal. A reload
// or the language switch while the portal request is on its way carries on with the token the tab keeps until the
// request answers (src/checkout/portal-token-tab.ts); a later plain visit to home does not.
import type { Page } from "@playwright/test";
import { test, expect, at, holdScripts, storeLanguageOnce, useLanguage, type Language } from "./fixtures";
import { availableDays, createCheckout, mailedLinkFor, makeClient, payThroughApi, tr, uniqueEmail } from "./checkout-helpers";

const offsets = { en: 58, es: 56 };
const resumeOffsets = { en: 60, es: 59 };
const other = (language: Language): Language => (language === "en" ? "es" : "en");
const switchTo = { en: "Switch language to Español", es: "Cambiar idioma a English" };
/** The portal request a token alone makes (the e-mails' links). */
const TOKEN_CALL = "**/api/payments/portal-session";

/** Whether any value the tab keeps in sessionStorage holds `token`. */
const keptInTab = (page: Page, token: string) => page.evaluate((t) => Object.values(sessionStorage).some((value) => value.includes(t)), token);

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

test.describe("the portal request on its way: a reload, the language switch, a later visit", () => {
  for (const language of ["en", "es"] as const) {
    const home = at(language, "/");
    const redirecting = (lang: Language) => tr("home", "Redirecting to Billing Portal", lang);
    const hero = (lang: Language) => tr("home", "Laundry day, handled.", lang);

    test(`a reload, then the language switch, while the portal request is held carry on with the same token to the portal, never putting the token back in the address (${language})`, async ({ page, request, baseURL }) => {
      test.slow();
      await storeLanguageOnce(page, language);
      const email = uniqueEmail(`portal-resume-${language}`);
      await payThroughApi(request, await createCheckout(request, baseURL!, makeClient(email, await availableDays(request, resumeOffsets[language]), language)));
      const link = await mailedLinkFor(request, email, /https?:\/\/\S+[?&]token=w\.\S+/, "a welcome e-mail");
      const token = new URL(link).searchParams.get("token")!;
      const asked: string[] = [];
      await page.route(TOKEN_CALL, async (route) => {
        asked.push((route.request().postDataJSON() as { token: string }).token);
        // The first two never answer, as on a slow phone network: the customer reloads, then switches the language.
        if (asked.length < 3) return;
        await route.continue();
      });
      const addresses: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) addresses.push(frame.url());
      });
      const main = page.getByRole("main");

      await page.goto(link);
      await expect.poll(() => asked.length).toBe(1);
      await expect(main.getByRole("heading", { level: 1, name: redirecting(language) })).toBeVisible();
      // The token has left the address bar.
      await expect.poll(() => page.url()).not.toContain(token);

      await page.reload();
      await expect.poll(() => asked.length).toBe(2);
      await expect(main.getByRole("heading", { level: 1, name: redirecting(language) })).toBeVisible();
      await expect(page.getByRole("heading", { name: hero(language) })).toHaveCount(0);
      expect(page.url()).not.toContain(token);

      // The language switch loads the page again, at the other language's address: it carries on too.
      await page.getByRole("button", { name: switchTo[language] }).click();
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      await expect(page.getByText(email)).toBeVisible();
      expect(asked).toEqual([token, token, token]);
      expect(addresses.some((address) => address.startsWith(new URL(`${at(other(language), "/")}?token=`, baseURL).toString()))).toBe(true);
      // Spent, the token is in no address the tab showed after the e-mail's link, and the tab keeps it no more.
      const afterLink = addresses.slice(addresses.findIndex((address) => !address.includes(token)));
      expect(afterLink.length).toBeGreaterThan(0);
      expect(afterLink.filter((address) => address.includes(token))).toEqual([]);
      expect(await keptInTab(page, token)).toBe(false);
      // Nor in the history: Back from the portal lands on home, in the language switched to.
      await page.goBack({ waitUntil: "commit" });
      await expect(main.getByRole("heading", { level: 1, name: hero(other(language)) })).toBeVisible();
      expect(page.url()).toBe(new URL(at(other(language), "/"), baseURL).toString());
    });

    test(`a later plain visit to home in the tab does not redirect, nor Back to the page, nor a reload of it long after (${language})`, async ({ page, baseURL }) => {
      await useLanguage(page, language);
      const token = "w.not-a-real-token";
      let asked = 0;
      // Never answered: the tab keeps the token all along.
      await page.route(TOKEN_CALL, () => {
        asked += 1;
      });
      const heroShown = page.getByRole("main").getByRole("heading", { level: 1, name: hero(language) });
      const homeAddress = new URL(home, baseURL).toString();

      await page.goto(`${home}?token=${token}`);
      await expect.poll(() => asked).toBe(1);
      expect(await keptInTab(page, token)).toBe(true);
      // Home typed in the address bar, the request still out: home, and no portal asked.
      await page.goto(home);
      await expect(heroShown).toBeVisible();
      // Back to the page (its address still marked) is no reload: home too, and the tab forgets the token.
      await page.goBack();
      await expect(heroShown).toBeVisible();
      await expect.poll(() => page.url()).toBe(homeAddress);
      await expect.poll(() => keptInTab(page, token)).toBe(false);
      expect(asked).toBe(1);

      // Once more, and a reload long after (a tab reopened later): home, no portal asked, nothing kept.
      await page.goto(`${home}?token=${token}`);
      await expect.poll(() => asked).toBe(2);
      // Ten minutes on, in the page's clock alone (Playwright's clock would fake `performance` too, and with it the load's kind).
      await page.addInitScript(() => {
        const now = Date.now.bind(Date);
        Date.now = () => now() + 10 * 60_000;
      });
      await page.reload();
      await expect(heroShown).toBeVisible();
      await expect.poll(() => page.url()).toBe(homeAddress);
      await expect.poll(() => keptInTab(page, token)).toBe(false);
      expect(asked).toBe(2);
    });
  }
});
