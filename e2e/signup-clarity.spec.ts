// Issue 13 in the real site, in English and Spanish: arriving at the top of /payment-success and a fresh
// sign-up after paying, the focus on the first invalid field with a single validation toast, a visible focus
// ring on every button, the review's Edit links, and the browser's Back and Forward between the steps.
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, useLanguage } from "./fixtures";
import { PAY_CARD, availableDays, createCheckout, makeClient, makeForm, seedSavedCheckout, tr, uniqueEmail } from "./checkout-helpers";
import { uniqueSignupEmail, wizard } from "./models/signup-driver";

const toastRegion = (page: Page) => page.getByRole("region", { name: /Notifications|Notificaciones/ });
const offsets = { en: 37, es: 44 };

for (const language of ["en", "es"] as const) {
  test.describe(`issue 13 (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test("after paying, /payment-success opens at its top on a phone, even when the tab was scrolled down before; /signup then starts afresh", async ({ page, baseURL }) => {
      test.slow();
      await page.setViewportSize({ width: 390, height: 844 });
      const client = makeClient(uniqueEmail(`top-${language}`), await availableDays(page.request, offsets[language]), language);
      const checkoutUrl = await createCheckout(page.request, baseURL!, client);
      await seedSavedCheckout(page, client);
      // The wizard's own mirror of the form, on its review, as the tab had it when leaving for the checkout.
      await page.addInitScript((form) => {
        if (!window.sessionStorage.getItem("signup:client-data")) window.sessionStorage.setItem("signup:client-data", JSON.stringify({ form, step: 6 }));
      }, makeForm(client));
      // The tab's first page, scrolled to its footer, as the wizard's last step is when Complete and pay is pressed.
      await page.goto("/signup");
      await expect(page.getByRole("progressbar")).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => (window.scrollTo(0, document.documentElement.scrollHeight), window.scrollY)))
        .toBeGreaterThan(200);
      await page.goto(checkoutUrl);
      await page.locator("#card").fill(PAY_CARD);
      await page.locator('form[action$="/pay"] button[type="submit"]').click();
      await expect(page).toHaveURL(/\/payment-success\?session_id=/);
      const heading = page.getByRole("heading", { level: 1, name: tr("checkout", "Payment Successful!", language) });
      await expect(heading).toBeInViewport();
      await expect(page.getByRole("button", { name: tr("checkout", "Go to Billing Portal", language) })).toBeEnabled();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(heading).toBeInViewport();

      // The paid tab opening /signup again starts a fresh sign-up, not the paid review.
      await page.goto("/signup");
      const w = wizard(page, language);
      await w.expectStep(1);
      await expect(page.getByRole("textbox", { name: w.t("First name") })).toHaveValue("");
      await expect(page.getByRole("textbox", { name: w.t("Email") })).toHaveValue("");
    });

    test("the review's Edit links open their step, and Continue there comes back to the review", async ({ page, baseURL }) => {
      test.slow();
      const client = makeClient(uniqueEmail(`edit-${language}`), await availableDays(page.request, offsets[language] + 4), language);
      await createCheckout(page.request, baseURL!, client);
      await seedSavedCheckout(page, client);
      await page.goto("/signup?resume=1");
      const w = wizard(page, language);
      const t = w.t;
      await w.expectStep(6);
      await expect(w.payButton).toHaveText(language === "en" ? "Complete and pay" : "Completar Registro");
      await expectNoAxeViolations(page);
      await expect(page.getByText(t("Hypoallergenic"), { exact: true })).toBeVisible();

      await page.getByRole("button", { name: t("Edit: {title}").replace("{title}", t("Detergent")) }).click();
      await w.expectStep(2);
      await page.getByText(t("Scented"), { exact: true }).click();
      await w.continueButton.click();
      await w.expectStep(6);
      await expect(page.getByText(t("Scented"), { exact: true })).toBeVisible();

      await page.getByRole("button", { name: t("Edit: {title}").replace("{title}", t("Building")) }).click();
      await w.expectStep(5);
      await page.getByRole("textbox", { name: t("Call box code") }).fill("9876");
      await w.continueButton.click();
      await w.expectStep(6);
      await expect(page.getByText("9876")).toBeVisible();

      // Back from an edited step still belongs to the edit: Continue there returns to the review too.
      await page.getByRole("button", { name: t("Edit: {title}").replace("{title}", t("Fabric softener")) }).click();
      await w.expectStep(3);
      await w.backButton.click();
      await w.expectStep(2);
      await w.continueButton.click();
      await w.expectStep(6);
    });

    test("the browser's Back and Forward move between the steps, and Back on step 1 leaves the wizard", async ({ page }) => {
      test.slow();
      await page.goto("/pricing");
      await page.goto("/signup");
      const w = wizard(page, language);
      const t = w.t;
      await w.expectStep(1);
      await w.fillPersonal({ email: uniqueSignupEmail(`history-${language}`) });
      await expect(w.areaStatus).toHaveText(t("Good news: we serve your area."));
      await w.continueButton.click();
      await w.expectStep(2);
      await page.getByText(t("Scented"), { exact: true }).click();
      await w.continueButton.click();
      await w.expectStep(3);

      await page.goBack();
      await w.expectStep(2);
      await expect(page.getByRole("radio", { name: new RegExp(t("Scented")) })).toBeChecked();
      await page.goBack();
      await w.expectStep(1);
      await expect(page.getByRole("textbox", { name: t("First name") })).toHaveValue("Ana");
      await page.goForward();
      await w.expectStep(2);
      await page.goForward();
      await w.expectStep(3);
      // The wizard's own Back is the browser's Back here, so the two stay in step.
      await w.backButton.click();
      await w.expectStep(2);
      await page.goBack();
      await w.expectStep(1);
      await expectNoAxeViolations(page);
      await page.goBack();
      await expect(page).toHaveURL(/\/pricing$/);
    });

    test("Continue moves the focus to the first invalid field, each field shows its message, and one validation toast at a time", async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/signup");
      const w = wizard(page, language);
      const t = w.t;
      const validation = toastRegion(page).getByText(t("Validation Error"), { exact: true });
      await w.expectStep(1);

      // Everything empty: the first name takes the focus and says why.
      await w.continueButton.click();
      const firstName = page.getByRole("textbox", { name: t("First name") });
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveAccessibleDescription(t("First name must be at least 2 characters"));
      await expect(page.getByRole("textbox", { name: t("Last name") })).toHaveAccessibleDescription(t("Last name must be at least 2 characters"));
      await expect(page.getByRole("checkbox", { name: t("I accept the terms of service and the privacy policy.") })).toHaveAccessibleDescription(
        t("Please accept the terms of service and the privacy policy"),
      );
      await expect(page.getByRole("checkbox", { name: t("I agree to receive e-mails, texts and calls about my pickups and my subscription.") })).toHaveAccessibleDescription(
        t("Please agree to receive communications about your service"),
      );
      await expect(validation).toHaveCount(1);

      // A second failed Continue replaces the toast, never stacks a second one.
      await w.fillPersonal({ email: uniqueSignupEmail(`focus-${language}`) });
      await page.getByRole("textbox", { name: t("Phone") }).fill("305");
      await w.continueButton.click();
      const phone = page.getByRole("textbox", { name: t("Phone") });
      await expect(phone).toBeFocused();
      await expect(phone).toHaveAccessibleDescription(new RegExp(t("Enter a 10-digit phone number")));
      await expect(validation).toHaveCount(1);
      await expect(toastRegion(page).getByText(t("Enter a 10-digit phone number"))).toBeVisible();
      // The toast never covers the field it talks about.
      const [fieldBox, toastBox] = await Promise.all([phone.boundingBox(), toastRegion(page).boundingBox()]);
      expect(fieldBox!.y + fieldBox!.height <= toastBox!.y || toastBox!.y + toastBox!.height <= fieldBox!.y).toBe(true);
      await expectNoAxeViolations(page);

      // Fixing the last error closes the toast; the step is valid.
      await phone.fill("305 555 0142");
      await expect(validation).toHaveCount(0);
      await w.continueButton.click();
      await w.expectStep(2);

      // Step 2: the first radio of the invalid group takes the focus.
      await w.continueButton.click();
      await expect(page.getByRole("radio").first()).toBeFocused();
      await expect(validation).toHaveCount(1);
      await page.getByText(t("Scented"), { exact: true }).click();
      await expect(validation).toHaveCount(0);
    });

    test("every button of the sign-up shows a focus ring that stands out from what surrounds it (3:1)", async ({ page, baseURL }) => {
      test.slow();
      const client = makeClient(uniqueEmail(`ring-${language}`), await availableDays(page.request, offsets[language] + 2), language);
      await createCheckout(page.request, baseURL!, client);
      await seedSavedCheckout(page, client);
      await page.goto("/signup?resume=1");
      const w = wizard(page, language);
      await w.expectStep(6);
      const checked = await tabThroughButtons(page);
      expect(checked.some((c) => c.name === w.t("Complete and pay"))).toBe(true);
      expect(checked.filter((c) => c.contrast < 3 || c.width < 2)).toEqual([]);
      await page.goto("/");
      const home = await tabThroughButtons(page);
      expect(home.length).toBeGreaterThan(3);
      expect(home.filter((c) => c.contrast < 3 || c.width < 2)).toEqual([]);
    });
  });
}

/** Tabs through the page; for every focused button or button-like link, the ring's contrast against the colour around it. */
async function tabThroughButtons(page: Page) {
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const results: Array<{ name: string; contrast: number; width: number }> = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const info = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // Colour transitions include the outline's: read the ring once they have run.
      await Promise.all(el.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      const isButton = el.tagName === "BUTTON" || (el.tagName === "A" && /rounded-control|min-h-11/.test(el.className));
      const seen = el.dataset.ringSeen === "1";
      el.dataset.ringSeen = "1";
      if (!isButton) return { seen, skip: true } as const;
      // Any CSS colour (rgb, oklab, color-mix results) as [r, g, b, alpha], read back from a 1-pixel canvas.
      const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
      const rgb = (c: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = c;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const lum = ([r = 0, g = 0, b = 0]: number[]) => {
        const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      const backgroundAround = (node: HTMLElement | null): number[] => {
        for (let n = node; n; n = n.parentElement) {
          const c = rgb(getComputedStyle(n).backgroundColor);
          if (c[3]! > 0.5) return c;
        }
        return [255, 255, 255];
      };
      // The ring is the outline, or else a box-shadow ring (Tailwind's ring-*), whose widest visible shadow counts.
      const style = getComputedStyle(el);
      let width = style.outlineStyle === "none" ? 0 : Number.parseFloat(style.outlineWidth);
      let ringColor = style.outlineColor;
      let inset = false;
      if (width === 0 && style.boxShadow !== "none") {
        for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
          const color = /rgba?\([^)]*\)/.exec(shadow)?.[0] ?? "";
          const lengths = shadow.replace(color, "").match(/-?[\d.]+px/g) ?? [];
          const spread = Number.parseFloat(lengths[3] ?? "0");
          const parts = rgb(color);
          if (spread > width && parts[3]! > 0.5) {
            width = spread;
            ringColor = color;
            inset = /inset/.test(shadow);
          }
        }
      }
      const ring = lum(rgb(ringColor));
      const around = lum(backgroundAround(inset ? el : el.parentElement));
      const contrast = (Math.max(ring, around) + 0.05) / (Math.min(ring, around) + 0.05);
      return { seen, skip: false, name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(), contrast, width } as const;
    });
    if (!info) continue;
    if (info.seen) break;
    if (!info.skip) results.push({ name: info.name, contrast: Math.round(info.contrast * 100) / 100, width: info.width });
  }
  return results;
}
