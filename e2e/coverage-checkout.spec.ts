// After the checkout, the paths the other suites leave out, in English and Spanish, against the real server:
// the conversion event when the site carries an ad tag (product.md PAY-3: window.gtag, 19.99 USD,
// once per checkout), the billing-portal button when no link can be had and its Try again (PAY-4),
// and /payment-canceled when the browser refuses the way back to step 6 (the plain link it offers instead).
import { test, expect, useLanguage, type Language } from "./fixtures";
import { availableDays, createCheckout, emailExists, makeClient, payThroughApi, seedSavedCheckout, tr, uniqueEmail } from "./checkout-helpers";

const text = (language: Language, english: string) => tr("checkout", english, language);
// Days apart from the other suites' (e2e/checkout.spec.ts, e2e/checkout-wizard.spec.ts, e2e/coverage-signup.spec.ts).
const offsets = { en: { paid: 19, canceled: 26 }, es: { paid: 37, canceled: 44 } };

type GtagWindow = Window & { __gtagCalls?: unknown[][] };

for (const language of ["en", "es"] as const) {
  test.describe(`after the checkout, less common paths (${language})`, () => {
    test.use({ allowedConsoleErrors: [/the server responded with a status of 503 \(Service Unavailable\)/] });

    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test(`an ad tag gets one conversion of 19.99 USD; no portal link shows why and Try again gets one (${language})`, async ({ page, baseURL }) => {
      const email = uniqueEmail(`conversion-${language}`);
      const client = makeClient(email, await availableDays(page.request, offsets[language].paid), language);
      const checkoutUrl = await createCheckout(page.request, baseURL!, client);
      await payThroughApi(page.request, checkoutUrl);
      const sessionId = new URL(checkoutUrl).pathname.split("/").pop()!;
      await seedSavedCheckout(page, client);
      // The site owner's Google tag, as its snippet defines it: gtag() queues its arguments.
      await page.addInitScript(() => {
        const w = window as GtagWindow & { gtag?: (...args: unknown[]) => void };
        w.__gtagCalls = [];
        w.gtag = (...args: unknown[]) => void w.__gtagCalls!.push(args);
      });
      // The first portal request fails; the next ones reach the server.
      let portalCalls = 0;
      await page.route("**/api/payments/create-portal-session/**", (route) => {
        portalCalls += 1;
        return portalCalls === 1
          ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Service Unavailable" } }) })
          : route.continue();
      });
      const welcome = page.waitForRequest("**/api/client/send_welcome_email**");

      await page.goto(`/payment-success?session_id=${sessionId}`);
      await expect(page.getByRole("heading", { level: 1, name: text(language, "Payment Successful!") })).toBeVisible();
      const portalButton = page.getByRole("button", { name: text(language, "Go to Billing Portal") });
      const unavailable = page.getByText(text(language, "We couldn't get your billing portal link right now. Your confirmation email also explains how to reach it."));
      await expect(unavailable).toBeVisible();
      await expect(portalButton).toBeDisabled();
      // The welcome e-mail still goes (after the portal's answer), then the conversion, exactly once.
      await welcome;
      const conversions = () => page.evaluate(() => (window as GtagWindow).__gtagCalls);
      await expect.poll(conversions).toEqual([["event", "conversion", { value: 19.99, currency: "USD", transaction_id: sessionId }]]);

      // Try again: the link comes, the button opens the billing portal.
      await page.getByRole("button", { name: text(language, "Try again") }).click();
      await expect(portalButton).toBeEnabled();
      await expect(unavailable).toHaveCount(0);
      expect(portalCalls).toBe(2);
      expect(await conversions()).toHaveLength(1);

      // A reload of the same checkout's page sends no second conversion.
      await page.reload();
      await expect(portalButton).toBeEnabled();
      await page.waitForLoadState("networkidle");
      expect(await conversions()).toEqual([]);
      await portalButton.click();
      await expect(page).toHaveURL(/\/sandbox\/portal\//);
      await expect(page.getByText(email)).toBeVisible();
    });

    test(`when the browser refuses the way back to step 6, /payment-canceled offers a link there (${language})`, async ({ page, baseURL }) => {
      const email = uniqueEmail(`stuck-${language}`);
      const client = makeClient(email, await availableDays(page.request, offsets[language].canceled), language, "Lucía");
      await createCheckout(page.request, baseURL!, client);
      expect(await emailExists(page.request, email)).toBe(false);
      await seedSavedCheckout(page, client);
      // The browser refuses the first history rewrite to the sign-up (as Safari does with a SecurityError when
      // a page rewrites its history too often); later ones go through.
      await page.addInitScript(() => {
        const replaceState = history.replaceState.bind(history);
        let refused = false;
        history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
          if (!refused && String(url ?? "").includes("resume=1")) {
            refused = true;
            throw new DOMException("Attempt to use history.replaceState() more than 100 times per 10 seconds", "SecurityError");
          }
          replaceState(data, unused, url);
        };
      });
      const deleted = page.waitForResponse((r) => r.url().includes("/api/client/delete_by_email/"));

      await page.goto("/payment-canceled");
      expect((await deleted).ok()).toBe(true);
      await expect(page.getByRole("heading", { level: 1, name: text(language, "Payment canceled") })).toBeVisible();
      await expect(page.getByRole("status")).toHaveText(text(language, "Your payment was canceled. You can finish your registration when you're ready."));
      const finish = page.getByRole("link", { name: text(language, "Finish registration") });
      await expect(finish).toBeVisible();
      await expect(page).toHaveURL(/\/payment-canceled$/);

      // The link takes the visitor to step 6 with the saved form and the "Payment Canceled" toast.
      await finish.click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByText(tr("signup", "Payment Canceled", language), { exact: true })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    });
  });
}
