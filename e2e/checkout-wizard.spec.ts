// The whole purchase through the real wizard, in English and Spanish: sign up, cancel on the sandbox checkout,
// return to step 6, pay, the success page's calls made once, the billing portal, cancelling there.
import { test, expect, useLanguage } from "./fixtures";
import { PAY_CARD, SITE_CALL, availableDays, emailExists, mailboxFor, postPaymentCalls, recordApiRequests, tr } from "./checkout-helpers";
import { isoDay, uniqueSignupEmail, wizard } from "./models/signup-driver";

// Start dates apart from the other suites' days (see e2e/checkout.spec.ts and e2e/signup.spec.ts).
const startOffset = { en: 5, es: 12 };

for (const language of ["en", "es"] as const) {
  test(`in ${language}: sign up, cancel, come back, pay, reach the billing portal and cancel there`, async ({ page }) => {
    test.slow();
    await useLanguage(page, language);
    const email = uniqueSignupEmail(`checkout-${language}`);
    const [first, second] = await availableDays(page.request, startOffset[language]);
    const w = wizard(page, language);
    const t = w.t;

    await page.goto("/signup");
    await w.fillPersonal({ email, first: "Marisol", last: "Fernández" });
    await expect(w.emailStatus).toHaveText(t("This e-mail address is ready to use."));
    await w.continueButton.click();
    await w.answerPreferences();
    await w.pickDays(isoDay(startOffset[language]), [first, second]);
    await w.chooseHouse();

    // To the sandbox checkout, and Cancel there: back on step 6 with the form and the toast; the pending client is gone.
    await w.payButton.click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
    expect(await emailExists(page.request, email)).toBe(false);
    await page.getByRole("link", { name: tr("payments", "sandbox.checkout.cancel", language), exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText(t("Payment Canceled"), { exact: true })).toBeVisible();
    await w.expectStep(6);
    await expect(page.getByText(email)).toBeVisible();
    const gone = await page.request.get(`/api/client/delete_by_email/${encodeURIComponent(email)}`, SITE_CALL);
    expect(await gone.json()).toEqual({ ok: true, deleted: false });

    // Pay this time.
    const api = recordApiRequests(page);
    await w.payButton.click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
    await page.locator("#card").fill(PAY_CARD);
    await page.locator('form[action$="/pay"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=/);
    await expect(page.getByRole("heading", { level: 1, name: tr("checkout", "Payment Successful!", language) })).toBeVisible();
    const portalButton = page.getByRole("button", { name: tr("checkout", "Go to Billing Portal", language) });
    await expect(portalButton).toBeEnabled();
    await expect.poll(() => api.count("/api/client/send_welcome_email")).toBe(1);
    expect(api.count("/api/order/create4customer")).toBe(2);
    expect(api.count("/api/client/set_active/")).toBe(1);
    expect(await emailExists(page.request, email)).toBe(true);
    await expect.poll(async () => (await mailboxFor(page.request, email)).length, { timeout: 10_000 }).toBe(1);

    // A reload makes none of the calls again.
    api.clear();
    await page.reload();
    await expect(portalButton).toBeEnabled();
    await page.waitForLoadState("networkidle");
    for (const call of postPaymentCalls) expect(api.count(call), call).toBe(0);

    // The billing portal, and cancelling there.
    await portalButton.click();
    await expect(page).toHaveURL(/\/sandbox\/portal\//);
    await expect(page.getByText(email)).toBeVisible();
    await page.locator('form[action$="/cancel"] button[type="submit"]').click();
    // Cancel asks first; nothing is cancelled until the customer confirms.
    await expect(page.getByRole("heading", { level: 1, name: tr("payments", "sandbox.cancel.title", language) })).toBeVisible();
    expect(await emailExists(page.request, email)).toBe(true);
    await page.getByRole("button", { name: tr("payments", "sandbox.cancel.confirm", language) }).click();
    await expect(page).toHaveURL(/\?canceled=1$/);
    expect(await emailExists(page.request, email)).toBe(false);
  });
}
