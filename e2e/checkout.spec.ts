// After the checkout, against the real server and the sandbox provider, in English and Spanish: paying (after a
// declined card), the success page's calls made once, the billing portal and cancelling there; cancelling the
// checkout back to step 6 with the days released; the portal redirect of home with ?email=
// (a link e-mailed on request without a token; the e-mailed link opens the portal once).
import { test, expect, expectNoAxeViolations, useLanguage, type Language } from "./fixtures";
import {
  DECLINED_CARD,
  PAY_CARD,
  SITE_CALL,
  availableDays,
  createCheckout,
  emailExists,
  isAvailable,
  mailboxFor,
  makeClient,
  payThroughApi,
  postPaymentCalls,
  recordApiRequests,
  seedSavedCheckout,
  signInLinkFor,
  tr,
  uniqueEmail,
} from "./checkout-helpers";

const text = (language: Language, english: string) => tr("checkout", english, language);
// Days far enough apart per test that parallel tests never share one.
const offsets = { en: { pay: 9, cancel: 54, portal: 23, tabs: 31 }, es: { pay: 16, cancel: 47, portal: 30, tabs: 38 } };

for (const language of ["en", "es"] as const) {
  test.describe(`after the checkout (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test.describe("paying", () => {
      // The sandbox answers a declined card with 402, which the browser logs as a failed resource.
      test.use({ allowedConsoleErrors: [/the server responded with a status of 402 \(Payment Required\)/] });

      test("a declined card leaves the client pending; paying runs the calls once; the portal cancels the plan", async ({ page, baseURL }) => {
        test.slow();
        const email = uniqueEmail(`pay-${language}`);
        const days = await availableDays(page.request, offsets[language].pay);
        const client = makeClient(email, days, language);
        const checkoutUrl = await createCheckout(page.request, baseURL!, client);
        await seedSavedCheckout(page, client);
        const api = recordApiRequests(page);

        // The sandbox checkout: a declined card, then a good one.
        await page.goto(checkoutUrl);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expectNoAxeViolations(page);
        await page.locator("#card").fill(DECLINED_CARD);
        await page.locator('form[action$="/pay"] button[type="submit"]').click();
        await expect(page.getByRole("alert")).toHaveText(tr("payments", "sandbox.checkout.declined", language));
        await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+\/pay$/);
        expect(await emailExists(page.request, email)).toBe(false);
        await expectNoAxeViolations(page);
        await page.locator("#card").fill(PAY_CARD);
        await page.locator('form[action$="/pay"] button[type="submit"]').click();

        // The success page: its message at once, the portal button enabled once a link is in.
        await expect(page).toHaveURL(/\/payment-success\?session_id=/);
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Payment Successful!") })).toBeVisible();
        await expect(page.getByText(text(language, "Thank you for signing up! Your account has been created and you'll receive a confirmation email shortly."))).toBeVisible();
        const portalButton = page.getByRole("button", { name: text(language, "Go to Billing Portal") });
        await expect(portalButton).toBeEnabled();
        await expect.poll(() => api.count("/api/client/send_welcome_email")).toBe(1);
        await page.waitForLoadState("networkidle");
        expect(api.requests.filter((r) => !r.includes("create-portal-session")).sort()).toEqual([
          "GET /api/client/set_active/" + encodeURIComponent(email),
          "POST /api/client/send_welcome_email",
          "POST /api/order/create4customer",
          "POST /api/order/create4customer",
        ]);
        expect(api.count("/api/payments/create-portal-session/")).toBe(1);
        await expectNoAxeViolations(page);

        // What the server holds: one active client, exactly its two orders, one welcome e-mail.
        const state = async () => {
          const orders = await Promise.all(
            days.map(async (date) => {
              const response = await page.request.post("/api/order/create4customer", { ...SITE_CALL, data: { client_email: email, createdBy: "e2e-check", date } });
              return ((await response.json()) as { created: boolean }).created;
            }),
          );
          return { active: await emailExists(page.request, email), ordersAlreadyThere: orders.map((created) => !created) };
        };
        expect(await state()).toEqual({ active: true, ordersAlreadyThere: [true, true] });
        await expect.poll(async () => (await mailboxFor(page.request, email)).length, { timeout: 10_000 }).toBe(1);
        const [welcome] = await mailboxFor(page.request, email);
        expect(welcome!.subject).toContain(client.name);

        // A reload: no second round of calls, nothing changes; a fresh portal link only.
        api.clear();
        await page.reload();
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Payment Successful!") })).toBeVisible();
        await expect(portalButton).toBeEnabled();
        await page.waitForLoadState("networkidle");
        for (const call of postPaymentCalls) expect(api.count(call), call).toBe(0);
        expect(api.requests).toEqual([`GET /api/payments/create-portal-session/${encodeURIComponent(email)}`]);
        expect(await state()).toEqual({ active: true, ordersAlreadyThere: [true, true] });
        await page.waitForTimeout(1_500); // one mail-worker round: a second welcome would show up now
        expect(await mailboxFor(page.request, email)).toHaveLength(1);

        // The billing portal: cancelling there makes the client inactive.
        await portalButton.click();
        await expect(page).toHaveURL(/\/sandbox\/portal\//);
        await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.portal.title", language) })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.locator('form[action$="/cancel"] button[type="submit"]').click();
        // Cancel asks first (e2e/portal.spec.ts covers the confirmation's texts).
        await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.cancel.title", language) })).toBeVisible();
        expect(await emailExists(page.request, email)).toBe(true);
        await page.getByRole("button", { name: tr("payments", "sandbox.cancel.confirm", language) }).click();
        await expect(page).toHaveURL(/\/sandbox\/portal\/[^/?]+\?canceled=1$/);
        await expect(page.getByRole("status")).toHaveText(tr("payments", "sandbox.portal.canceledNotice", language));
        await expectNoAxeViolations(page);
        expect(await emailExists(page.request, email)).toBe(false);
      });
    });

    test.describe("cancelling", () => {
      // Back from step 6 reaches the checkout, closed by the rollback: the sandbox answers 410, which the browser logs.
      test.use({ allowedConsoleErrors: [/the server responded with a status of 410 \(Gone\)/] });

      test("Cancel on the checkout deletes the pending client, releases its days and returns to step 6", async ({ page, baseURL, request }) => {
        test.slow();
        const email = uniqueEmail(`cancel-${language}`);
        const days = await availableDays(page.request, offsets[language].cancel);
        const client = makeClient(email, days, language, "Lucía");
        const checkoutUrl = await createCheckout(page.request, baseURL!, client);

        // Fill the first day to capacity with other sign-ups, so releasing this one's hold shows in availability.
        // From another context: each checkout sets its opener's cookie, and this browser's must stay its own.
        const fillers: string[] = [];
        try {
          while (await isAvailable(page.request, days[0])) {
            const batch = Array.from({ length: 10 }, () => uniqueEmail(`filler-${language}`));
            const answers = await Promise.all(
              batch.map((filler) =>
                request.post("/api/payments/create-checkout-session_signup", {
                  data: { success_url: `${baseURL}/payment-success`, cancel_url: `${baseURL}/payment-canceled`, client: makeClient(filler, days, language) },
                }),
              ),
            );
            answers.forEach((answer, i) => answer.ok() && fillers.push(batch[i]!));
            expect(fillers.length).toBeLessThan(200);
          }

          await seedSavedCheckout(page, client);
          await page.goto(checkoutUrl);
          // Hold the rollback until the redirecting page has been checked.
          let releaseDelete!: () => void;
          const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
          await page.route("**/api/client/delete_by_email/**", async (route) => {
            await deleteHeld;
            await route.continue();
          });
          await page.getByRole("link", { name: tr("payments", "sandbox.checkout.cancel", language), exact: true }).click();
          await expect(page).toHaveURL(/\/payment-canceled\?checkout=[\w-]{32}$/);
          await expect(page.getByRole("heading", { level: 1, name: text(language, "Payment canceled") })).toBeVisible();
          await expect(page.getByRole("status")).toHaveText(text(language, "Redirecting… We're taking you back to finish your registration."));
          await expectNoAxeViolations(page);
          expect(await isAvailable(page.request, days[0])).toBe(false);
          releaseDelete();

          // Step 6 with the saved form and the toast; the address is rewritten to /signup.
          await expect(page).toHaveURL(/\/signup$/);
          await expect(page.getByText(tr("signup", "Payment Canceled", language), { exact: true })).toBeVisible();
          await expect(page.getByText(tr("signup", "Your payment was canceled. You can try again when ready.", language))).toBeVisible();
          await expect(page.getByText(email)).toBeVisible();
          await expect(page.getByText("Lucía", { exact: false }).first()).toBeVisible();

          // The pending client is gone and its days are free again.
          expect(await isAvailable(page.request, days[0])).toBe(true);
          const again = await page.request.get(`/api/client/delete_by_email/${encodeURIComponent(email)}`, SITE_CALL);
          expect(await again.json()).toEqual({ ok: true, deleted: false });
          expect(await emailExists(page.request, email)).toBe(false);

          // /payment-canceled replaced its own history entry: Back goes to the checkout, not through the rollback again.
          await page.goBack();
          await expect(page).toHaveURL(/\/sandbox\/checkout\//);
        } finally {
          await Promise.all(fillers.map((filler) => request.get(`/api/client/delete_by_email/${encodeURIComponent(filler)}`, SITE_CALL)));
        }
      });
    });

    test.describe("two tabs, one e-mail", () => {
      // Paying the replaced checkout: the sandbox answers 410, which the browser logs.
      test.use({ allowedConsoleErrors: [/the server responded with a status of 410 \(Gone\)/] });

      test("the replaced tab's checkout leads back to step 6 and its cancel rolls nothing back; the newer tab still pays", async ({ page, baseURL }) => {
        test.slow();
        const email = uniqueEmail(`tabs-${language}`);
        const days = await availableDays(page.request, offsets[language].tabs);
        const cancelLink = (tab: typeof page) => tab.getByRole("link", { name: tr("payments", "sandbox.checkout.cancel", language), exact: true });

        // Tab A reaches its checkout.
        const clientA = makeClient(email, days, language, "Ana");
        await seedSavedCheckout(page, clientA);
        await page.goto(await createCheckout(page.request, baseURL!, clientA));
        const staleCancel = await cancelLink(page).getAttribute("href");
        expect(staleCancel).toMatch(/\/payment-canceled\?checkout=[\w-]{32}$/);

        // Tab B of the same browser, same e-mail: its checkout replaces tab A's.
        const tabB = await page.context().newPage();
        await useLanguage(tabB, language);
        const clientB = makeClient(email, days, language, "Bea");
        await seedSavedCheckout(tabB, clientB);
        await tabB.goto(await createCheckout(tabB.request, baseURL!, clientB));
        await expect(cancelLink(tabB)).not.toHaveAttribute("href", staleCancel!);

        // Tab A pays its replaced checkout: expired, and its button goes back to step 6 without any rollback.
        const api = recordApiRequests(page);
        await page.locator("#card").fill(PAY_CARD);
        await page.locator('form[action$="/pay"] button[type="submit"]').click();
        await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.checkout.expiredTitle", language) })).toBeVisible();
        await page.getByRole("link", { name: tr("payments", "sandbox.checkout.backToSignup", language) }).click();
        await expect(page).toHaveURL(language === "es" ? /\/es\/signup$/ : /\/localhost:\d+\/signup$/);
        await expect(page.getByText(email)).toBeVisible();
        await expect(page.getByText("Ana", { exact: false }).first()).toBeVisible();
        expect(api.count("/api/client/delete_by_email/")).toBe(0);

        // Tab A's old cancel address anyway (Back to it, as a stale Stripe link would be): it rolls back nothing.
        const rollback = page.waitForResponse((r) => r.url().includes("/api/client/delete_by_email/"));
        await page.goto(staleCancel!);
        expect(await (await rollback).json()).toEqual({ ok: true, deleted: false });
        await expect(page).toHaveURL(/\/signup$/);

        // Tab B pays: the sign-up completes, with its welcome e-mail.
        await tabB.locator("#card").fill(PAY_CARD);
        await tabB.locator('form[action$="/pay"] button[type="submit"]').click();
        await expect(tabB).toHaveURL(/\/payment-success\?session_id=/);
        await expect(tabB.getByRole("heading", { level: 1, name: text(language, "Payment Successful!") })).toBeVisible();
        expect(await emailExists(page.request, email)).toBe(true);
        await expect.poll(async () => (await mailboxFor(page.request, email)).map((m) => m.subject), { timeout: 10_000 }).toHaveLength(1);
        await tabB.close();
      });
    });

    test.describe("home with ?email=", () => {
      test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

      test("without a token no portal is asked and a link is e-mailed; the e-mailed link opens the portal; none shows the error page", async ({ page, baseURL, request }) => {
        test.slow(); // a paid sign-up, the mailbox, then page loads with an axe scan each
        const email = uniqueEmail(`portal-${language}`);
        const client = makeClient(email, await availableDays(request, offsets[language].portal), language);
        // Paid from another context: this browser holds no checkout cookie, so only the e-mailed link can prove it.
        await payThroughApi(request, await createCheckout(request, baseURL!, client));
        expect(await emailExists(request, email)).toBe(true);

        // No token: no portal call; the offer to e-mail a link, then the same confirmation as for anyone.
        const api = recordApiRequests(page);
        await page.goto(`/?email=${encodeURIComponent(email)}`);
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Open your billing portal") })).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expectNoAxeViolations(page);
        await page.waitForLoadState("networkidle");
        expect(api.count("create-portal-session")).toBe(0);
        const answer = page.waitForResponse((r) => r.url().includes("/api/payments/create-portal-session/"));
        await page.getByRole("button", { name: text(language, "Email me a link to my billing portal") }).click();
        expect(await (await answer).json()).toEqual({ sent: true });
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Check your email") })).toBeVisible();
        await expect(page).not.toHaveURL(/\/sandbox\/portal\//);
        await expectNoAxeViolations(page);

        // The e-mailed link (from the development mailbox; a token, no address) opens the portal, through the
        // redirecting state: the page asks with the token alone.
        const link = await signInLinkFor(page.request, email);
        expect([...new URL(link).searchParams.keys()]).toEqual(["token"]);
        let releasePortal!: () => void;
        const portalHeld = new Promise<void>((resolve) => (releasePortal = resolve));
        await page.route("**/api/payments/portal-session", async (route) => {
          await portalHeld;
          await route.continue();
        });
        await page.goto(link);
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Redirecting to Billing Portal") })).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expectNoAxeViolations(page);
        releasePortal();
        await expect(page).toHaveURL(/\/sandbox\/portal\//);
        await expect(page.getByText(email)).toBeVisible();
        await page.unroute("**/api/payments/portal-session");

        // The same link a second time (single use): no portal, the "we've e-mailed you a link" page.
        await page.goto(link);
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Check your email") })).toBeVisible();
        await expect(page).not.toHaveURL(/\/sandbox\/portal\//);

        // No e-mail: the missing e-mail error, and the way home.
        api.clear();
        await page.goto("/?email=");
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Error") })).toBeVisible();
        await expect(page.getByRole("alert")).toHaveText(text(language, "No email provided in URL"));
        await expectNoAxeViolations(page);
        expect(api.count("create-portal-session")).toBe(0);
        await page.getByRole("link", { name: text(language, "Return to Homepage") }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Error") })).toHaveCount(0);
      });

      test("/payment-success in a tab without the saved form makes no call and links home", async ({ page }) => {
        const api = recordApiRequests(page);
        await page.goto("/payment-success?session_id=cs_sandbox_other_tab");
        await expect(page.getByRole("heading", { level: 1, name: text(language, "Payment Successful!") })).toBeVisible();
        await expect(page.getByRole("button", { name: text(language, "Go to Billing Portal") })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.waitForLoadState("networkidle");
        expect(api.requests).toEqual([]);
        await page.getByRole("main").getByRole("link", { name: text(language, "Return to Homepage") }).click();
        await expect(page).toHaveURL(/\/$/);
      });
    });
  });
}
