// Back from the sandbox checkout through the browser's back-forward cache, in English and Spanish: the sign-up
// comes back on step 6 with every answer, its pay button usable again (the wizard's `pageshow` handler sends
// `page.restored`), and paying again opens a new checkout. And Back from the sandbox billing portal, reached by the
// welcome e-mail's link: the redirect page comes out of the cache still leaving, and loads home afresh instead of
// saying "Redirecting to Billing Portal" for good (the portal redirect page's `pageshow` handler, state `returned`).
// And Back from the billing portal to /payment-success: its button, busy while the page left, works again
// (`page.restored`, state `portal.ready`).
// Playwright launches Chromium with --disable-back-forward-cache, so in every other spec Back loads the page
// afresh and that handler never runs: this file alone gives the flag up. And it runs in the full browser
// (findChromium, the config's arguments), not the headless shell the other specs use: the shell never keeps a
// page in the cache, whatever its flags (Chromium's reason, over CDP: BackForwardCacheDisabledForDelegate).
import type { Page } from "@playwright/test";
import { test, expect, at, useLanguage } from "./fixtures";
import { availableDays, createCheckout, mailedLinkFor, makeClient, payThroughApi, recordApiRequests, seedSavedCheckout, tr, uniqueEmail } from "./checkout-helpers";
import { chromiumArgs, findChromium } from "./chromium";
import { isoDay, uniqueSignupEmail, wizard } from "./models/signup-driver";

test.use({ launchOptions: { executablePath: findChromium(), args: chromiumArgs, ignoreDefaultArgs: ["--disable-back-forward-cache"] } });

// Start dates apart from the other suites' days (see e2e/checkout.spec.ts and the other specs' offsets), within
// the 8 weeks (56 days) ahead that the calendar offers.
const startOffset = { en: 43, es: 50 };

/** `event.persisted` of every `pageshow` the document has seen: [false] once loaded, then true for each restore. */
const pageShows = (page: Page) => page.evaluate(() => (window as unknown as { __pageShows: boolean[] }).__pageShows);

for (const language of ["en", "es"] as const) {
  test(`in ${language}: Back from the checkout restores step 6 from the back-forward cache, ready to pay again`, async ({ page }) => {
    test.slow(); // the whole wizard and two checkouts
    await useLanguage(page, language);
    await page.addInitScript(() => {
      const shows: boolean[] = [];
      (window as unknown as { __pageShows: boolean[] }).__pageShows = shows;
      window.addEventListener("pageshow", (event) => shows.push(event.persisted));
    });
    const email = uniqueSignupEmail(`bfcache-${language}`);
    const [first, second] = await availableDays(page.request, startOffset[language]);
    const w = wizard(page, language);
    const api = recordApiRequests(page);

    await page.goto(at(language, "/signup"));
    await w.fillPersonal({ email, first: "Inés", last: "Castillo" });
    await expect(w.emailStatus).toHaveText(w.t("This e-mail address is ready to use."));
    await w.continueButton.click();
    await w.answerPreferences();
    await w.pickDays(isoDay(startOffset[language]), [first, second]);
    await w.chooseHouse();
    const stepHeading = page.getByRole("heading", { level: 2, name: w.t("Review and pay") });
    await expect(stepHeading).toBeVisible();
    // The form's submit button whatever its label: busy, it reads "Processing..." and is disabled.
    const submit = page.locator('form[aria-labelledby="signup-step-heading"] button[type="submit"]');
    await expect(submit).toHaveText(w.t("Complete and pay"));
    const review = page.locator("form dl");
    const answers = await review.allInnerTexts();
    expect(answers.join("\n")).toContain(email);
    expect(await pageShows(page)).toEqual([false]);

    // To the sandbox checkout.
    await w.payButton.click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
    const firstCheckout = page.url();

    // Back: no load event for a page the cache restores, so wait for the commit only.
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(new RegExp(`^https?://[^/]+${at(language, "/signup")}$`));
    // The same document, shown again from the cache (a fresh load would have recorded [false] only).
    await expect.poll(() => pageShows(page), { message: "pageshow persisted values" }).toEqual([false, true]);

    // Step 6 again, every answer there, the pay button usable (not stuck on "Processing...").
    await w.expectStep(6);
    await expect(stepHeading).toBeVisible();
    await expect(submit).toHaveText(w.t("Complete and pay"));
    await expect(submit).toBeEnabled();
    await expect(w.backButton).toBeEnabled();
    await expect(page.getByText("Inés Castillo", { exact: true })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    expect(await review.allInnerTexts()).toEqual(answers);

    // Paying again opens a second checkout.
    await w.payButton.click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
    expect(page.url()).not.toBe(firstCheckout);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("link", { name: tr("payments", "sandbox.checkout.cancel", language), exact: true })).toBeVisible();
    expect(api.count("/api/payments/create-checkout-session_signup")).toBe(2);
  });
}

// The portal's tests' days, apart from the sign-up's above and the other suites' where they can be.
const portalOffset = { en: 39, es: 54 };

for (const language of ["en", "es"] as const) {
  test(`in ${language}: Back from the billing portal (the welcome e-mail's link) lands on home, not on "Redirecting to Billing Portal" for good`, async ({ page, request, baseURL }) => {
    test.slow(); // a paid sign-up, its welcome e-mail, the portal
    await useLanguage(page, language);
    // Every page shown in the tab, kept in sessionStorage so the record outlives the fresh load: [path, persisted].
    await page.addInitScript(() => {
      window.addEventListener("pageshow", (event) => {
        const shows = JSON.parse(sessionStorage.getItem("e2e:page-shows") ?? "[]") as Array<[string, boolean]>;
        shows.push([window.location.pathname, event.persisted]);
        sessionStorage.setItem("e2e:page-shows", JSON.stringify(shows));
      });
    });
    const shows = () => page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e:page-shows") ?? "[]") as Array<[string, boolean]>);
    const email = uniqueEmail(`bfcache-portal-${language}`);
    await payThroughApi(request, await createCheckout(request, baseURL!, makeClient(email, await availableDays(request, portalOffset[language]), language)));
    const link = await mailedLinkFor(request, email, /https?:\/\/\S+[?&]token=w\.\S+/, "a welcome e-mail");
    const home = at(language, "/");
    expect(new URL(link).pathname).toBe(home);

    // The welcome link leaves for the sandbox portal.
    await page.goto(link);
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();

    // Back: the redirect page comes out of the cache (no load event for that, so wait for the commit only).
    await page.goBack({ waitUntil: "commit" });

    // Not stuck: home, loaded afresh after the restore, its address without the token, usable, in its language.
    const redirecting = tr("home", "Redirecting to Billing Portal", language);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: tr("home", "Laundry day, handled.", language) })).toBeVisible();
    await page.waitForLoadState("load");
    await expect(page.getByRole("heading", { name: redirecting })).toHaveCount(0);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(home);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    // The redirect page was restored from the cache (the case that was stuck), then home loaded afresh.
    const seen = await shows();
    expect(seen.slice(seen.findIndex(([, persisted]) => persisted))).toEqual([
      [home, true],
      [home, false],
    ]);
    // Usable: home's own way to the sign-up takes the customer there.
    await main.getByRole("link", { name: tr("home", "Schedule Pickup", language) }).first().click();
    await expect(page).toHaveURL(new RegExp(`${at(language, "/signup")}$`));
  });
}

const successOffset = { en: 34, es: 40 };

for (const language of ["en", "es"] as const) {
  test(`in ${language}: Back from the billing portal to the success page makes its button work again, not "Opening" for good`, async ({ page, baseURL }) => {
    test.slow(); // a paid checkout, the portal twice
    await useLanguage(page, language);
    await page.addInitScript(() => {
      const shows: boolean[] = [];
      (window as unknown as { __pageShows: boolean[] }).__pageShows = shows;
      window.addEventListener("pageshow", (event) => shows.push(event.persisted));
    });
    const checkout = (english: string) => tr("checkout", english, language);
    const email = uniqueEmail(`bfcache-success-${language}`);
    const client = makeClient(email, await availableDays(page.request, successOffset[language]), language);
    // Paid from this browser's context: its cookie proves the paying browser, as after the hosted checkout.
    await payThroughApi(page.request, await createCheckout(page.request, baseURL!, client));
    await seedSavedCheckout(page, client);
    const api = recordApiRequests(page);

    await page.goto(at(language, "/payment-success"));
    const button = page.getByRole("button", { name: checkout("Go to Billing Portal") });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    const firstPortal = page.url();
    const portalHeading = page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) });
    await expect(portalHeading).toBeVisible();

    // Back: no load event for a page the cache restores, so wait for the commit only.
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(new RegExp(`^https?://[^/]+${at(language, "/payment-success")}$`));
    await expect.poll(() => pageShows(page), { message: "pageshow persisted values" }).toEqual([false, true]);
    await expect(button).toBeEnabled();
    await expect(page.getByRole("status")).toHaveText("");

    // A press leaves again, with a fresh link.
    await button.click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    expect(page.url()).not.toBe(firstPortal);
    await expect(portalHeading).toBeVisible();
    expect(api.count("/api/payments/create-portal-session/")).toBe(3);
  });
}
