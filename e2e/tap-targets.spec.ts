// Tap targets on a phone (390 x 844): every link, button and form control a visitor can tap on every public page,
// in both languages, is at least 44 x 44 CSS px, or at least 44 px tall with its 44 px wide target (centred on it)
// overlapping no neighbour's (Apple's and Android's 44/48 px guidance; WCAG 2.5.5 AAA). Links inside running text
// are exempt (2.5.5's "inline" exception): a link shown inline whose nearest block also holds text of its own.
// A calendar's days are spaced by WCAG 2.5.8 instead of the 44 px width (why: tooSmall). The sign-up is walked
// step by step, with its errors, alerts, calendar, review and toasts (the last tests).
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, expectHydrated, useLanguage, at, renderWholePage, isoDay } from "./fixtures";
import { openSettled, publicPaths } from "./public-paths";
import { availableDays } from "./checkout-helpers";
import { a, uniqueSignupEmail, wizard } from "./models/signup-driver";

const placesStandIn = path.join(import.meta.dirname, "stubs", "google-places.js");

const MIN = 44;

const paths = publicPaths;

interface Target {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A day of a calendar's month grid (a button in a grid cell): its width has a rule of its own (tooSmall). */
  calendarDay: boolean;
}

/** Every visible tap target outside running text, named for a failure message, with its box in page coordinates. */
async function tapTargets(page: Page): Promise<{ targets: Target[]; inline: string[] }> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="option"]';
    const block = (el: Element): Element => {
      let node: Element | null = el.parentElement;
      while (node && getComputedStyle(node).display.startsWith("inline")) node = node.parentElement;
      return node ?? document.body;
    };
    /**
     * A link in running text: displayed inline, in a block that holds words of its own besides its links' (a
     * separator such as " · " between two links is no sentence).
     */
    const inRunningText = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      const around = block(el);
      let words = around.textContent ?? "";
      for (const link of around.querySelectorAll("a")) words = words.replace(link.textContent ?? "", " ");
      return /\p{L}/u.test(words);
    };
    /** Shown, and not clipped away by an ancestor (react-aria's visually hidden inputs sit in a 1 px clipping box). */
    const visible = (el: Element) => {
      if (getComputedStyle(el).visibility === "hidden" || el.closest("[hidden], [inert], [aria-hidden='true']")) return false;
      const box = el.getBoundingClientRect();
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
      for (let node = el.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflow === "visible" && style.clipPath === "none" && style.clip === "auto") continue;
        const clip = node.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
      }
      return right - left > 1 && bottom - top > 1;
    };
    const describe = (el: Element) => {
      const labels = (el as HTMLInputElement).labels;
      const text = el.getAttribute("aria-label") ?? (labels?.length ? labels[0]!.textContent : el.textContent) ?? "";
      const label = text.replace(/\s+/g, " ").trim().slice(0, 60);
      const type = el.getAttribute("type");
      const kind = (el.getAttribute("role") ?? el.tagName.toLowerCase()) + (type && el.tagName === "INPUT" ? `[${type}]` : "");
      const href = el.getAttribute("href");
      return `${kind} "${label || (el as HTMLInputElement).name || "?"}"${href ? ` (${href})` : ""}`;
    };
    const seen = new Set<Element>();
    const targets: { name: string; x: number; y: number; width: number; height: number; calendarDay: boolean }[] = [];
    const inline: string[] = [];
    for (const found of document.querySelectorAll(selector)) {
      // A visually hidden native input (react-aria's checkboxes and radios) is tapped through its label.
      let el: Element = found;
      if (found.tagName === "INPUT" && !visible(found)) el = found.closest("label") ?? found;
      if (seen.has(el) || !visible(el)) continue;
      if (inRunningText(el)) {
        inline.push(describe(el));
        continue;
      }
      seen.add(el);
      const box = el.getBoundingClientRect();
      const calendarDay = el.parentElement?.getAttribute("role") === "gridcell" && el.closest('[role="grid"]') !== null;
      targets.push({ name: describe(el), x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: box.height, calendarDay });
    }
    return { targets, inline };
  });
}

/** WCAG 2.5.8 (target size, minimum; AA): the size below which a target must be spaced from its neighbours. */
const WCAG_MIN = 24;

/**
 * The targets smaller than the rule, each named with its size (and the neighbour it crowds).
 *
 * A calendar's days are held to the 44 px height, but their width to WCAG 2.5.8 instead of the 44 px spacing: a
 * month is seven columns, which in the sign-up's calendar card leave 42.9 px a day at 390 px (and under 40 px on a
 * 360 px phone), so 44 px wide days side by side would need a calendar wider than the phone; 2.5.8 allows a target
 * at least 24 px wide, or one whose 24 px circle reaches no neighbour.
 */
function tooSmall(targets: Target[]): string[] {
  const round = (n: number) => Math.round(n * 10) / 10;
  // The 44 x 44 square centred on a target, or the target itself when larger.
  const reach = (t: Target) => {
    const width = Math.max(t.width, MIN);
    const height = Math.max(t.height, MIN);
    return { left: t.x + t.width / 2 - width / 2, right: t.x + t.width / 2 + width / 2, top: t.y + t.height / 2 - height / 2, bottom: t.y + t.height / 2 + height / 2 };
  };
  const overlap = (a: ReturnType<typeof reach>, b: ReturnType<typeof reach>) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  // 2.5.8's spacing: the 24 px circle centred on an undersized target intersects no other target, nor the circle
  // of another undersized one.
  const undersized = (t: Target) => t.width < WCAG_MIN - 0.5 || t.height < WCAG_MIN - 0.5;
  const centre = (t: Target) => ({ x: t.x + t.width / 2, y: t.y + t.height / 2 });
  const circleMeets = (t: Target, other: Target) => {
    const c = centre(t);
    if (undersized(other)) return Math.hypot(c.x - centre(other).x, c.y - centre(other).y) < WCAG_MIN - 0.5;
    const dx = Math.max(other.x - c.x, 0, c.x - (other.x + other.width));
    const dy = Math.max(other.y - c.y, 0, c.y - (other.y + other.height));
    return Math.hypot(dx, dy) < WCAG_MIN / 2 - 0.5;
  };
  const failures: string[] = [];
  for (const target of targets) {
    const size = `${round(target.width)} x ${round(target.height)}`;
    if (target.height < MIN - 0.5) {
      failures.push(`${target.name}: ${size} px, under ${MIN} px tall`);
    } else if (target.width < MIN - 0.5 && target.calendarDay) {
      const crowded = undersized(target) ? targets.find((other) => other !== target && circleMeets(target, other)) : undefined;
      if (crowded) failures.push(`${target.name}: ${size} px, a calendar day under ${WCAG_MIN} px wide whose ${WCAG_MIN} px circle reaches ${crowded.name}`);
    } else if (target.width < MIN - 0.5) {
      const crowded = targets.find((other) => other !== target && overlap(reach(target), reach(other)));
      if (crowded) failures.push(`${target.name}: ${size} px, its ${MIN} px target overlaps ${crowded.name}'s`);
    }
  }
  return failures;
}

/** The page as it is now, measured by the one rule above: its failures and its exempt inline links, named after `where`. */
async function measure(page: Page, where: string): Promise<{ failures: string[]; inline: string[]; count: number }> {
  const { targets, inline } = await tapTargets(page);
  return { failures: tooSmall(targets).map((failure) => `${where} ${failure}`), inline: inline.map((link) => `${where}: ${link}`), count: targets.length };
}

for (const language of ["en", "es"] as const) {
  test(`every tap target on every public page is at least ${MIN} px at 390 x 844 (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await useLanguage(page, language);
    const failures: string[] = [];
    const exempt: string[] = [];
    for (const path of paths) {
      await openSettled(page, language, path);
      await renderWholePage(page);
      const { failures: found, inline, count } = await measure(page, at(language, path));
      exempt.push(...inline);
      expect(count, `${path}: no targets found, the measurement is broken`).toBeGreaterThan(5);
      failures.push(...found);
    }
    // The mobile menu, open.
    await page.goto(at(language, "/"));
    await page.getByRole("button", { name: language === "en" ? "Open menu" : "Abrir menú" }).click();
    const menu = page.getByRole("navigation", { name: language === "en" ? "Mobile" : "Menú móvil" });
    await expect(menu).toBeVisible();
    failures.push(...(await measure(page, `${at(language, "/")} (menu open)`)).failures);
    // The links left to running text, for a reviewer to check that each is in a sentence.
    await test.info().attach("inline links (exempt)", { body: exempt.join("\n"), contentType: "text/plain" });
    expect(failures, "tap targets under the rule").toEqual([]);
  });

  test(`a toast's close button is at least ${MIN} x ${MIN} px at 390 x 844 (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    // The contact form's success toast; the server's answer is stubbed, the toast is what is under test.
    await page.route("**/api/contact_form", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ ok: true }) }));
    await page.goto(at(language, "/contact"));
    await expectHydrated(page);
    const panel = page.getByRole("tabpanel");
    const en = language === "en";
    await panel.getByRole("textbox", { name: en ? "Your name" : "Tu nombre" }).fill("Ana");
    await panel.getByRole("textbox", { name: en ? "Business name" : "Nombre del negocio" }).fill("Casa Ana");
    await panel.getByRole("textbox", { name: en ? "Email" : "Correo electrónico" }).fill("ana@example.com");
    await panel.getByRole("textbox", { name: en ? "Message" : "Mensaje" }).fill("Weekly pickups, please.");
    await panel.getByRole("button", { name: en ? "Submit" : "Enviar" }).click();
    const toasts = page.getByRole("region", { name: en ? "Notifications" : "Notificaciones" });
    const close = toasts.getByRole("button", { name: en ? "Close" : "Cerrar" });
    await expect(close).toBeVisible();
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height), `the toast's close button is ${box.width} x ${box.height} px`).toBeGreaterThanOrEqual(MIN - 0.5);
  });
}

// The six-step sign-up, each state a visitor can reach on a phone measured by the same rule: every step as first
// shown and with its validation errors (Continue on the empty step), step 1's alerts (an e-mail with a subscription,
// a ZIP not served, the coming-soon waitlist) and its address suggestions, the calendar and the pickup days, each
// building type's fields, the review with its Edit buttons, and the toasts (validation, payment error, canceled).
const unavailable = { status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Service Unavailable" } }) };

/** Start dates of the walk (any: it books nothing, the payment call is answered by the test). */
const walkOffset = { en: 5, es: 12 };

for (const language of ["en", "es"] as const) {
  test.describe(`the sign-up on a phone (${language})`, () => {
    // The payment call answered 503 on purpose is logged by the browser itself.
    test.use({ allowedConsoleErrors: [/the server responded with a status of 503 \(Service Unavailable\)/] });

    test(`every tap target of every sign-up step, its errors, calendar, review and toasts is at least ${MIN} px at 390 x 844 (${language})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await useLanguage(page, language);
      const w = wizard(page, language);
      const t = w.t;
      const toasts = page.getByRole("region", { name: language === "en" ? "Notifications" : "Notificaciones" });
      const failures: string[] = [];
      const states: string[] = [];
      const check = async (state: string) => {
        // From the page's top, where the sticky header is in its own place: scrolled (Continue centres the first
        // invalid field), it would be measured over whatever it covers then.
        await page.evaluate(() => window.scrollTo(0, 0));
        const { failures: found, count } = await measure(page, `${at(language, "/signup")} (${state})`);
        expect(count, `${state}: no targets found, the measurement is broken`).toBeGreaterThan(5);
        failures.push(...found);
        states.push(`${state}: ${count} targets`);
      };
      const continueEmpty = async (step: number) => {
        await w.continueButton.click();
        await expect(toasts.getByText(t("Validation Error"))).toBeVisible();
        await w.expectStep(step);
      };
      // An address whose e-mail check says it has a subscription (the alert's "Login instead").
      const taken = uniqueSignupEmail(`taken-${language}`);
      await page.route(`**/api/client/email_exists/**`, (route) =>
        decodeURIComponent(route.request().url()).includes(taken)
          ? route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ exists: true }) })
          : route.continue(),
      );

      // Step 1.
      await page.goto(at(language, "/signup"));
      await expectHydrated(page);
      await w.expectStep(1);
      await expect(page.getByRole("textbox", { name: t("First name") })).toBeEnabled();
      await renderWholePage(page);
      await check("step 1");
      await continueEmpty(1);
      await expect(page.getByRole("textbox", { name: t("First name") })).toHaveAttribute("aria-invalid", "true");
      await check("step 1, errors");
      await w.fillPersonal({ email: taken, zip: "33180" });
      await expect(w.emailStatus).toHaveText(t("Email already exists."));
      await expect(page.getByRole("main").getByRole("link", { name: t("Login instead") })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: t("See the areas we serve") })).toBeVisible();
      await expect(page.getByTestId("coming-soon")).toBeVisible();
      await check("step 1, e-mail taken, ZIP coming soon");
      await page.getByRole("textbox", { name: t("Email"), exact: true }).fill(uniqueSignupEmail(`tap-${language}`));
      await page.getByRole("textbox", { name: a("ZIP code", language) }).fill("33131");
      await expect(w.areaStatus).toHaveText(t("Good news: we serve your area."));
      await expect(w.emailStatus).toHaveText(t("This e-mail address is ready to use."));
      await check("step 1, filled");
      await w.continueButton.click();

      // Steps 2 and 3.
      // Each step measured once its choices are shown (revealed, the step rendered ahead can take a frame or two).
      for (const [step, choice] of [[2, "Scented"], [3, "No fabric softener"]] as const) {
        await w.expectStep(step);
        await expect(page.getByText(t(choice), { exact: true })).toBeVisible();
        await check(`step ${step}`);
        await continueEmpty(step);
        await check(`step ${step}, errors`);
        await page.getByText(t(choice), { exact: true }).click();
        await check(`step ${step}, chosen`);
        await w.continueButton.click();
      }

      // Step 4: the calendar alone, its error, then the week's days and two of them picked.
      await w.expectStep(4);
      await expect(page.getByRole("button", { name: t("Next month") })).toBeVisible();
      await check("step 4");
      await continueEmpty(4);
      await check("step 4, errors");
      const start = isoDay(walkOffset[language]);
      const [first, second] = await availableDays(page.request, walkOffset[language]);
      await w.chooseStartDate(start);
      await expect(w.day(first)).toBeEnabled();
      await check("step 4, start date chosen");
      await w.day(first).click();
      await w.day(second).click();
      await w.toHaveSelected(2);
      await check("step 4, two days picked");
      await page.getByRole("button", { name: t("Next month") }).click();
      await check("step 4, the next month");
      await w.continueButton.click();

      // Step 5: each building type's fields.
      await w.expectStep(5);
      await expect(page.getByText(t("House"), { exact: true })).toBeVisible();
      await check("step 5");
      await continueEmpty(5);
      await check("step 5, errors");
      for (const type of ["Apartment / Condo", "Business", "House"]) {
        await page.getByText(t(type), { exact: true }).click();
        await expect(page.getByRole("radio", { name: new RegExp(t(type).replace(/[/]/g, "\\/")) })).toBeChecked();
        await check(`step 5, ${type}`);
      }
      await w.continueButton.click();

      // Step 6: the review, its Edit buttons, and the toasts of a failed and of a canceled payment.
      await w.expectStep(6);
      await expect(page.getByRole("button", { name: new RegExp(`^${t("Edit: {title}").replace("{title}", "")}`) })).toHaveCount(6);
      await check("step 6");
      await page.route("**/api/payments/create-checkout-session_signup", (route) => route.fulfill(unavailable));
      await w.payButton.click();
      await expect(toasts.getByText(t("Payment Error"))).toBeVisible();
      await check("step 6, payment error");
      await page.goto(at(language, "/signup?payment=canceled"));
      await expect(toasts.getByText(t("Payment Canceled"))).toBeVisible();
      await w.expectStep(6);
      await check("step 6, payment canceled");

      await test.info().attach("states measured", { body: states.join("\n"), contentType: "text/plain" });
      expect(failures, "tap targets under the rule").toEqual([]);
    });

    test(`the address suggestions of step 1 are at least ${MIN} px at 390 x 844 (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await useLanguage(page, language);
      // The local Places stand-in (e2e/address.spec.ts): the built site has no maps key.
      await page.addInitScript({ path: placesStandIn });
      await page.goto(at(language, "/signup"));
      const street = page.getByRole("combobox", { name: a("Street address", language) });
      await street.click();
      await street.pressSequentially("1200 Bri");
      await expect(page.getByRole("listbox").getByRole("option")).toHaveCount(2);
      // The list open, react-aria hides the rest of the page (aria-hidden): the field and its two options remain.
      const { failures, count } = await measure(page, `${at(language, "/signup")} (address suggestions)`);
      expect(count, "the field and its two options").toBe(3);
      expect(failures, "tap targets under the rule").toEqual([]);
    });
  });
}
