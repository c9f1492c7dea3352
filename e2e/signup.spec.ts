// The sign-up wizard in the real site against the real server, in English and Spanish: the whole way to the
// sandbox checkout, the checks and their announcements, the pickup-day rules, restore, a day filling up,
// keyboard-only completion, and zero axe violations on every step.
import type { Page } from "@playwright/test";
import { test, expect, at, expectNoAxeViolations, holdScripts, useLanguage, type Language } from "./fixtures";
import { availableDays, createCheckout, isAvailable, makeClient, makeForm, payThroughApi, seedSavedCheckout } from "./checkout-helpers";
import { dayName, isoDay, uniqueSignupEmail, weekdayList, wizard } from "./models/signup-driver";
import { daysUntil, renewalDate } from "#domain/plan";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications|Notificaciones/ });

test.describe("the whole wizard", () => {
  for (const language of ["en", "es"] as const) {
    test(`in ${language}: every step, the checks announced, the pickup-day rules, a reload restoring the form, up to the sandbox checkout`, async ({ page }) => {
      test.slow(); // the whole journey with an axe scan per step: about 20 s on an idle machine
      await useLanguage(page, language);
      // Spanish runs on a small phone: nothing may scroll sideways at 360 px.
      if (language === "es") await page.setViewportSize({ width: 360, height: 760 });
      const noSidewaysScroll = async () => {
        if (language === "es") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      };
      await page.goto("/signup");
      const w = wizard(page, language);
      const t = w.t;

      // Step 1
      await w.expectStep(1);
      await expect(w.backButton).toBeDisabled();
      await expect(page.getByRole("link", { name: t("Terms of service") })).toHaveAttribute("href", at(language, "/terms"));
      await expect(page.getByRole("link", { name: t("Privacy policy") })).toHaveAttribute("href", at(language, "/privacy"));
      await expectNoAxeViolations(page);
      const email = uniqueSignupEmail(language);
      await w.fillPersonal({ email: `  ${email.toUpperCase()} `, phone: "+1 305 555 0142" });
      await expect(page.getByRole("textbox", { name: t("Phone") })).toHaveValue("(305) 555-0142");
      await expect(w.emailStatus).toHaveText(t("This e-mail address is ready to use."));
      await expect(w.areaStatus).toHaveText(t("Good news: we serve your area."));
      await expect(page.getByText(t("We're not in your area yet!"))).toHaveCount(0);
      await w.continueButton.click();

      // Step 2 and 3
      await w.expectStep(2);
      await expect(w.backButton).toBeEnabled();
      await expect(page.getByText(t("Fragrance-free and dye-free, gentle on sensitive skin, babies and allergies."))).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByText(t("Hypoallergenic"), { exact: true }).click();
      await w.continueButton.click();
      await w.expectStep(3);
      await expectNoAxeViolations(page);
      await page.getByText(t("Yes, add fabric softener"), { exact: true }).click();
      await w.continueButton.click();

      // Step 4: a third pick drops the oldest, a picked day deselects, a new start date clears the picks.
      await w.expectStep(4);
      await expect(page.getByText(t("Choose a start date in the calendar to see the available days."))).toBeVisible();
      await w.chooseStartDate(isoDay(1));
      await expect(w.day(isoDay(1))).toBeEnabled();
      await w.day(isoDay(2)).click();
      await w.day(isoDay(3)).click();
      await w.toHaveSelected(2);
      await w.day(isoDay(5)).click();
      await expect(w.day(isoDay(2))).toHaveAttribute("aria-pressed", "false");
      await expect(w.day(isoDay(3))).toHaveAttribute("aria-pressed", "true");
      await expect(w.day(isoDay(5))).toHaveAttribute("aria-pressed", "true");
      await w.toHaveSelected(2);
      await w.day(isoDay(3)).click();
      await w.toHaveSelected(1);
      await w.chooseStartDate(isoDay(2));
      await w.toHaveSelected(0);
      await expect(w.day(isoDay(5))).toHaveAttribute("aria-pressed", "false");
      await w.continueButton.click();
      await expect(toasts(page).getByText(t("Please select exactly two weekly pickup dates"))).toBeVisible();
      await w.expectStep(4);
      const [first, second] = [isoDay(3), isoDay(6)];
      await w.day(second).click();
      await w.day(first).click();
      await expect(page.getByText(weekdayList([first, second], language), { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await noSidewaysScroll();
      await w.continueButton.click();

      // Step 5, with a reload in the middle restoring the form and the step.
      await w.expectStep(5);
      const type = language === "en" ? "Apartment / Condo" : "Business";
      await page.getByText(t(type), { exact: true }).click();
      const required = language === "en" ? "Unit number" : "Business name";
      await w.continueButton.click();
      await expect(toasts(page).getByText(t(language === "en" ? "Unit number is required" : "Business name is required"))).toBeVisible();
      await page.getByRole("textbox", { name: t(required) }).fill(language === "en" ? "12B" : "Café Brickell");
      await page.getByRole("textbox", { name: t("Other instructions") }).fill("Ring twice");
      if (language === "en") await expect(page.getByRole("textbox", { name: t("Business name") })).toHaveCount(0);
      else await expect(page.getByRole("textbox", { name: t("Unit number") })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.reload();
      await w.expectStep(5);
      await expect(page.getByRole("radio", { name: new RegExp(t(type).replace("/", "\\/")) })).toBeChecked();
      await expect(page.getByRole("textbox", { name: t(required) })).toHaveValue(language === "en" ? "12B" : "Café Brickell");
      await w.backButton.click();
      await w.expectStep(4);
      await w.toHaveSelected(2);
      await w.continueButton.click();

      // Step 6: the review and the payment summary.
      await w.continueButton.click();
      await w.expectStep(6);
      await expect(page.getByRole("main").getByText(email.toLowerCase())).toBeVisible();
      await expect(page.getByRole("main").getByText("(305) 555-0142")).toBeVisible();
      await expect(page.getByText(t("Hypoallergenic"))).toBeVisible();
      await expect(page.getByText(t("With fabric softener"))).toBeVisible();
      await expect(page.getByTestId("due-today")).toHaveText("$19.99");
      await expect(page.getByTestId("renewal-price")).toHaveText("$29.99");
      const days = daysUntil(isoDay(0), renewalDate(first));
      await expect(page.getByTestId("renewal-days")).toHaveText(pluralBranch(t(renewalDaysMessage), days));
      await expect(page.getByText(t("Cancel anytime. Prices before tax."))).toBeVisible();
      await expectNoAxeViolations(page);
      await noSidewaysScroll();
      await expect(w.payButton).toHaveText(language === "en" ? "Complete and pay" : "Completar Registro");
      await w.payButton.click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
      const saved = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem("signup:checkout-form") ?? "null"));
      expect(saved.client).toMatchObject({ email: email.toLowerCase(), language, startdate: first, pickupone: first, pickuptwo: second, phoneNumber: "(305) 555-0142" });
    });
  }
});

test("an out-of-area ZIP shows the alert (Spanish), is announced, and blocks Continue until it is fixed", async ({ page }) => {
  await useLanguage(page, "es");
  await page.goto("/signup");
  const w = wizard(page, "es");
  await w.fillPersonal({ email: uniqueSignupEmail("area"), zip: "90210" });
  await expect(w.areaStatus).toHaveText(w.t("We're not in your area yet!"));
  await expect(page.getByRole("main").getByText("¡Todavía no llegamos a tu zona!", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Actualmente no prestamos servicio en esta área.")).toBeVisible();
  await expectNoAxeViolations(page);
  await w.continueButton.click();
  await expect(toasts(page).getByText(w.t("Validation Error"))).toBeVisible();
  await expect(toasts(page).getByText(w.t("Service not available in your area"))).toBeVisible();
  await w.expectStep(1);
  await page.getByRole("textbox", { name: "Código postal" }).fill("33139");
  await expect(w.areaStatus).toHaveText(w.t("Good news: we serve your area."));
  await expect(page.getByText("Actualmente no prestamos servicio en esta área.")).toHaveCount(0);
  await w.continueButton.click();
  await w.expectStep(2);
});

test("an e-mail with a live subscription shows the alert, is announced, blocks Continue and offers Login instead", async ({ page, baseURL }) => {
  const email = uniqueSignupEmail("taken");
  const client = makeClient(email, await availableDays(page.request, 37), "en");
  await payThroughApi(page.request, await createCheckout(page.request, baseURL!, client));
  await useLanguage(page, "en");
  await page.goto("/signup");
  const w = wizard(page, "en");
  await w.fillPersonal({ email: email.toUpperCase() });
  await expect(w.emailStatus).toHaveText("Email already exists.");
  await expect(page.getByText("Email already exists.", { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await w.continueButton.click();
  await expect(toasts(page).getByText("Email already exists")).toBeVisible();
  await w.expectStep(1);
  await page.getByRole("link", { name: "Login instead" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("the pre-rendered first step, before the page's code has run", () => {
  for (const language of ["en", "es"] as const) {
    test(`in ${language}: the step shows with its fields disabled, typing does nothing; once hydrated, what is typed reaches the sign-up`, async ({ page, baseURL }) => {
      test.slow(); // a paid client through the API, then a page load held on purpose
      const email = uniqueSignupEmail(`held-${language}`);
      const client = makeClient(email, await availableDays(page.request, 37), language);
      await payThroughApi(page.request, await createCheckout(page.request, baseURL!, client));
      await useLanguage(page, language);
      const release = await holdScripts(page, "**/assets/signup-page-*.js");
      await page.goto(at(language, "/signup"), { waitUntil: "domcontentloaded" });
      const w = wizard(page, language);
      const t = w.t;
      await expect(page.getByRole("heading", { level: 2, name: t("Personal information and address") })).toBeVisible();
      const emailField = page.getByRole("textbox", { name: t("Email") });
      await expect(emailField).toBeDisabled();
      await expect(page.getByRole("textbox", { name: t("First name") })).toBeDisabled();
      await expect(page.getByRole("checkbox", { name: t("I accept the terms of service and the privacy policy.") })).toBeDisabled();
      await expect(w.continueButton).toBeDisabled();
      await emailField.click({ force: true });
      await page.keyboard.type(email);
      await page.keyboard.press("Enter");
      await expect(emailField).toHaveValue("");
      expect(await emailField.evaluate((field) => field === document.activeElement)).toBe(false);
      await expect(page).toHaveURL(new RegExp(`${at(language, "/signup")}$`));
      // The keyboard's place on the page is kept through hydration.
      await page.keyboard.press("Tab");
      const focusedBefore = await page.evaluate(() => {
        (window as unknown as { focusedBefore: Element | null }).focusedBefore = document.activeElement;
        return document.activeElement?.tagName;
      });
      expect(focusedBefore).not.toBe("BODY");

      release();
      await expect(emailField).toBeEnabled();
      expect(await page.evaluate(() => document.activeElement === (window as unknown as { focusedBefore: Element | null }).focusedBefore)).toBe(true);
      await w.expectStep(1);
      await emailField.fill(email.toUpperCase());
      await expect(w.emailStatus).toHaveText(t("Email already exists."));
      await w.fillPersonal({ email });
      await expect(w.emailStatus).toHaveText(t("Email already exists."));
      await w.continueButton.click();
      await expect(toasts(page).getByText(t("Email already exists"))).toBeVisible();
      await w.expectStep(1);
      await expect(emailField).toHaveValue(email);
    });
  }
});

test("/signup?zip=33131 opened directly (rendered afresh over the pre-rendered step): step 1 with the ZIP filled in and checked, its fields enabled, no hydration message", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/hydrat|Minified React error #4(18|19|22|23|25)/i.test(message.text())) messages.push(message.text());
  });
  await useLanguage(page, "en");
  await page.goto("/signup?zip=33131");
  const w = wizard(page, "en");
  await w.expectStep(1);
  await expect(page.getByRole("textbox", { name: "ZIP code" })).toHaveValue("33131");
  await expect(w.areaStatus).toHaveText("Good news: we serve your area.");
  await expect(page.getByRole("textbox", { name: "Email" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  expect(messages).toEqual([]);
});

test.describe("a day that fills up before checkout", () => {
  test.use({ allowedConsoleErrors: [/409/] });
  test("payment=canceled resumes on step 6; a full day sends the user back to step 4 to choose again", async ({ page, baseURL }) => {
    const email = uniqueSignupEmail("full");
    const start = isoDay(39);
    const { availability } = (await (await page.request.get(`/api/signupday/${start}`)).json()) as { availability: Record<string, boolean> };
    const open = Object.keys(availability).filter((d) => availability[d]).sort();
    const [full, kept, ...others] = open as [string, string, ...string[]];
    await seedSavedCheckout(page, makeClient(email, [full, kept], "en"));
    await useLanguage(page, "en");
    await page.goto("/signup?resume=1&payment=canceled");
    const w = wizard(page, "en");
    await expect(toasts(page).getByText("Payment Canceled")).toBeVisible();
    await expect(toasts(page).getByText("Your payment was canceled. You can try again when ready.")).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await w.expectStep(6);
    await expect(page.getByText(email)).toBeVisible();

    // Other sign-ups take the last places of the first day meanwhile.
    for (let i = 0; (await isAvailable(page.request, full)) && i < 100; i++) {
      await createCheckout(page.request, baseURL!, makeClient(uniqueSignupEmail(`filler${i}`), [full, others[i % others.length]!], "en"));
    }
    await w.payButton.click();
    await expect(toasts(page).getByText("Payment Error")).toBeVisible();
    await expect(toasts(page).getByText("One of your pickup days just filled up. Please choose another day.")).toBeVisible();
    await w.expectStep(4);
    await expect(w.day(full)).toBeDisabled();
    await expect(w.day(kept)).toHaveAttribute("aria-pressed", "true");
    await w.toHaveSelected(1);
    await expect(w.continueButton).toBeEnabled();
  });
});

/** Presses Tab until `name` (a role and an accessible name) has the focus. */
const renewalDaysMessage =
  "{days, plural, =0 {Your weekly plan renews today.} one {Your weekly plan renews in # day.} other {Your weekly plan renews in # days.}}";

/** The sentence an ICU plural message shows for `count` (=0, one or other), `#` replaced by the count. */
function pluralBranch(message: string, count: number): string {
  const branch = count === 0 ? "=0" : count === 1 ? "one" : "other";
  const text = new RegExp(`[{ ]${branch} \\{([^{}]*)\\}`).exec(message)?.[1];
  if (!text) throw new Error(`No "${branch}" branch in ${message}`);
  return text.replace("#", String(count));
}

async function tabTo(page: Page, role: Parameters<Page["getByRole"]>[0], name: string | RegExp, language: Language = "en") {
  const target = page.getByRole(role, { name, exact: typeof name === "string" });
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Could not reach ${role} "${name}" (${language}) with Tab`);
}

test("keyboard only: a house sign-up from the first field to the sandbox checkout", async ({ page }) => {
  test.slow(); // the whole journey, one key at a time
  await useLanguage(page, "en");
  await page.goto("/signup");
  const w = wizard(page, "en");
  await w.expectStep(1);
  const type = async (role: Parameters<Page["getByRole"]>[0], name: string, text: string) => {
    await tabTo(page, role, name);
    await page.keyboard.type(text);
  };
  await type("textbox", "First name", "Luis");
  await type("textbox", "Last name", "Gómez");
  await type("textbox", "Email", uniqueSignupEmail("keys"));
  await type("textbox", "Phone", "3055550199");
  await type("textbox", "Street address", "1200 Brickell Ave");
  await type("textbox", "ZIP code", "33131");
  await type("textbox", "City", "Miami");
  await tabTo(page, "checkbox", "I agree to receive e-mails, texts and calls about my pickups and my subscription.");
  await page.keyboard.press("Space");
  await tabTo(page, "checkbox", "I accept the terms of service and the privacy policy.");
  await page.keyboard.press("Space");
  await expect(w.areaStatus).toHaveText("Good news: we serve your area.");
  await tabTo(page, "button", "Continue");
  await page.keyboard.press("Enter");
  await w.expectStep(2);
  await tabTo(page, "radio", /Scented/);
  await page.keyboard.press("Space");
  await page.keyboard.press("Enter");
  await w.expectStep(3);
  await tabTo(page, "radio", /Yes, add fabric softener/);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /No fabric softener/ })).toBeChecked();
  await page.keyboard.press("Enter");
  await w.expectStep(4);
  // The calendar's grid takes the focus on today; the arrow moves to tomorrow, Enter picks it.
  await tabTo(page, "button", /Today/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await tabTo(page, "button", dayName(isoDay(2), "en"));
  await page.keyboard.press("Space");
  await tabTo(page, "button", dayName(isoDay(4), "en"));
  await page.keyboard.press("Space");
  await w.toHaveSelected(2);
  await tabTo(page, "button", "Continue");
  await page.keyboard.press("Enter");
  await w.expectStep(5);
  await tabTo(page, "radio", /House/);
  await page.keyboard.press("Space");
  await type("textbox", "Gate code", "#4321");
  await tabTo(page, "button", "Continue");
  await page.keyboard.press("Enter");
  await w.expectStep(6);
  await expect(page.getByText("#4321")).toBeVisible();
  await tabTo(page, "button", "Complete and pay");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
});

/**
 * /signup (in English: the caller chose it) reopened at `step` from the form a visitor left in this tab (steps 1 to
 * `step` - 1 filled in; no start date nor pickup days yet), as the wizard restores it; `label` names the test's e-mail.
 */
async function openWizardAt(page: Page, step: number, label: string) {
  const form = { ...makeForm(makeClient(uniqueSignupEmail(label), [isoDay(1), isoDay(2)], "en")), startDate: "", picks: [] };
  await page.addInitScript(
    ({ form, step }) => {
      if (!window.sessionStorage.getItem("signup:client-data")) window.sessionStorage.setItem("signup:client-data", JSON.stringify({ form, step }));
    },
    { form, step },
  );
  await page.goto("/signup");
  const w = wizard(page, "en");
  await w.expectStep(step);
  return w;
}

test("the step rendered ahead is in the page but not shown, read, reached by Tab or scrolled to; Continue shows it with the focus on its heading", async ({ page }) => {
  await useLanguage(page, "en");
  const w = await openWizardAt(page, 3, "ahead");
  // Step 4 joins the page once the browser is idle: its calendar is there, but not shown and not in the accessibility tree.
  const grid = page.locator('[role="grid"]');
  await expect(grid).toHaveCount(1);
  await expect(grid).toBeHidden();
  await expect(page.getByRole("grid")).toHaveCount(0);
  await expect(page.getByText("Choose a start date in the calendar to see the available days.")).toBeHidden();
  // Nothing of it overflows the form (the page scrolls no further than step 3 itself).
  expect(await page.locator("form").evaluate((f) => f.scrollHeight - f.clientHeight)).toBe(0);
  // Tab from the heading to Continue stops only at what is shown.
  await page.locator("#signup-step-heading").focus();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { shown: el.checkVisibility({ visibilityProperty: true }), inGrid: el.closest('[role="grid"]') !== null, text: el.textContent };
    });
    expect(focused.shown, `Tab stop ${i + 1} is shown`).toBe(true);
    expect(focused.inGrid).toBe(false);
    if (focused.text === "Continue") break;
  }
  await expect(w.continueButton).toBeFocused();
  await page.keyboard.press("Enter");
  await w.expectStep(4);
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.locator("#signup-step-heading")).toHaveText("Pickup days");
  await expect(page.locator("#signup-step-heading")).toBeFocused();
  await expect(page.getByText("Choose a start date in the calendar to see the available days.")).toBeVisible();
});

test("steps are rendered two ahead: the calendar rendered on step 2 is the one step 4 shows, kept through step 3", async ({ page }) => {
  await useLanguage(page, "en");
  const w = await openWizardAt(page, 2, "two-ahead");
  const grid = page.locator('[role="grid"]');
  await expect(grid).toHaveCount(1);
  await expect(grid).toBeHidden();
  await grid.evaluate((el) => el.setAttribute("data-rendered-on-step", "2"));
  await w.continueButton.click();
  await w.expectStep(3);
  await expect(grid).toBeHidden();
  await w.continueButton.click();
  await w.expectStep(4);
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.getByRole("grid")).toHaveAttribute("data-rendered-on-step", "2");
});

test("from step 1 the calendar is rendered ahead once the visitor has touched the form: tapped through steps 2 and 3, step 4 shows it", async ({ page }) => {
  await useLanguage(page, "en");
  const datesCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/dates-step-[^/]+\.js$/.test(request.url())) datesCode.push(request.url());
  });
  const w = await openWizardAt(page, 1, "three-ahead");
  const grid = page.locator('[role="grid"]');
  // Not on the page's first load: the dates step's code comes with the visitor's first touch of the form.
  await expect(page.locator("form fieldset")).toBeEnabled();
  await page.waitForLoadState("networkidle");
  expect(datesCode).toEqual([]);
  await expect(grid).toHaveCount(0);
  await page.getByRole("textbox", { name: "First name" }).focus();
  await expect.poll(() => datesCode.length).toBe(1);
  await expect(grid).toHaveCount(1);
  await expect(grid).toBeHidden();
  await grid.evaluate((el) => el.setAttribute("data-rendered-on-step", "1"));
  for (const next of [2, 3, 4]) {
    await w.continueButton.click();
    await w.expectStep(next);
  }
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.getByRole("grid")).toHaveAttribute("data-rendered-on-step", "1");
});

