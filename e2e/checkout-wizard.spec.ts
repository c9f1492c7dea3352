// The whole purchase through the real wizard, in English and Spanish: sign up, cancel on the sandbox checkout,
// return to step 6, pay, the success page's calls made once, the billing portal, cancelling there.
import { test, expect, useLanguage } from "./fixtures";
import { PAY_CARD, SITE_CALL, availableDays, emailExists, mailboxFor, postPaymentCalls, recordApiRequests, tr } from "./checkout-helpers";
import { isoDay, uniqueSignupEmail, weekday, wizard } from "./models/signup-driver";

// Start dates apart from the other suites' days (see e2e/checkout.spec.ts and e2e/signup.spec.ts).
const startOffset = { en: 5, es: 12 };
const privacyOffset = 36;

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

// A shared computer: the visitor pays and closes the tab; the next person reopens it (Ctrl+Shift+T restores the closed
// tab's sessionStorage) and opens devtools. One language: what the tab keeps does not depend on it.
test("after paying, the tab keeps only the e-mail and the pickup days: no name, phone, street or gate code", async ({ page }) => {
  test.slow();
  const language = "en";
  await useLanguage(page, language);
  const email = uniqueSignupEmail("tab-kept");
  const [first, second] = await availableDays(page.request, privacyOffset);
  const w = wizard(page, language);
  const t = w.t;
  const typed = { first: "Oriana", last: "Villalobos", phone: "305 555 0187", gateCode: "7391#" };
  const personal = [typed.first, typed.last, "555-0187", "5550187", "Brickell", typed.gateCode];
  const tab = () => page.evaluate(() => JSON.stringify(sessionStorage));

  await page.goto("/signup");
  await w.fillPersonal({ email, first: typed.first, last: typed.last, phone: typed.phone });
  await expect(w.emailStatus).toHaveText(t("This e-mail address is ready to use."));
  await w.continueButton.click();
  await w.answerPreferences();
  await w.pickDays(isoDay(privacyOffset), [first, second]);
  await page.getByText(t("House"), { exact: true }).click();
  await page.getByRole("textbox", { name: t("Gate code") }).fill(typed.gateCode);
  await w.continueButton.click();
  await w.expectStep(6);
  // Until the payment succeeds the tab holds the whole form: a cancelled payment comes back to step 6 with it.
  await w.payButton.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
  expect(await tab()).toContain(typed.gateCode);

  const api = recordApiRequests(page);
  await page.locator("#card").fill(PAY_CARD);
  await page.locator('form[action$="/pay"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  const portalButton = page.getByRole("button", { name: tr("checkout", "Go to Billing Portal", language) });
  await expect(portalButton).toBeEnabled();
  await expect.poll(() => api.count("/api/client/send_welcome_email")).toBe(1);
  const kept = await tab();
  for (const value of personal) expect(kept, value).not.toContain(value);
  expect(kept).toContain(email);

  // A reload still has what the page needs: the pickup days shown, the portal link, no call made twice.
  api.clear();
  await page.reload();
  await expect(portalButton).toBeEnabled();
  await expect(page.getByText(`Every ${weekday(first, language)} and ${weekday(second, language)}`)).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (const call of postPaymentCalls) expect(api.count(call), call).toBe(0);
  expect(api.count("/api/payments/create-portal-session/")).toBe(1);
  const reloaded = await tab();
  for (const value of personal) expect(reloaded, value).not.toContain(value);
});
