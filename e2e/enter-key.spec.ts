// A phone keyboard's Enter key (enterkeyhint) on every form's text fields, and what Enter then does: "next" on a field
// another field follows, where Enter moves there; "go" or "send" on the last one, where Enter submits; nothing set on
// a multi-line field, where Enter is a new line. On a phone (390 x 664, touch), in English (the hint is no text).
import type { Locator, Page } from "@playwright/test";
import { test, expect, useLanguage, isoDay } from "./fixtures";
import { makeClient, makeForm } from "./checkout-helpers";
import { a, uniqueSignupEmail, wizard } from "./models/signup-driver";

test.use({ viewport: { width: 390, height: 664 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await useLanguage(page, "en");
});

/** Each field's enterkeyhint, in the order given (null: none). */
const hints = (fields: Locator[]) => Promise.all(fields.map((field) => field.getAttribute("enterkeyhint")));

async function expectEnterMovesTo(page: Page, from: Locator, to: Locator) {
  // A pre-rendered form's fields are disabled until the page has hydrated (HydratedFieldset): focus() on one then
  // does nothing, and Enter would go to the page. So first the field as a visitor can use it, focused.
  await expect(from).toBeEnabled();
  await from.focus();
  await expect(from).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(to).toBeFocused();
}

test("sign-up step 1: next from the first name to the ZIP code, Enter walking the fields in order; go on the city, where Enter is Continue", async ({ page }) => {
  await page.goto("/signup");
  const w = wizard(page, "en");
  await w.expectStep(1);
  const box = (name: string) => page.getByRole("textbox", { name, exact: true });
  const fields = [box("First name"), box("Last name"), box("Email"), box("Phone"), box(a("Street address", "en")), box(a("ZIP code", "en")), box(a("City", "en"))];
  expect(await hints(fields)).toEqual(["next", "next", "next", "next", "next", "next", "go"]);

  // Typing and Enter, field after field, as on a phone's keyboard.
  const values = ["Ana", "Díaz", uniqueSignupEmail("enter"), "3055550142", "801 Brickell Avenue", "33131"];
  await expect(fields[0]!).toBeEnabled(); // once hydrated: before, focus() on it does nothing
  await fields[0]!.focus();
  for (const [i, value] of values.entries()) {
    await expect(fields[i]!).toBeFocused();
    await page.keyboard.type(value);
    await page.keyboard.press("Enter");
  }
  await expect(fields[6]!).toBeFocused();
  await page.keyboard.type("Miami");
  // Nothing was submitted on the way: no field says it is invalid.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await w.expectStep(1);
  for (const label of ["I agree to receive e-mails, texts and calls about my pickups and my subscription.", "I accept the terms of service and the privacy policy."]) {
    await page.getByText(w.t(label), { exact: true }).click();
  }
  await expect(w.areaStatus).toHaveText("Good news: we serve your area.");
  await fields[6]!.focus();
  await page.keyboard.press("Enter");
  await w.expectStep(2);
});

test("sign-up step 5: next on every single-line detail, Enter moving on, and none on the instructions, where Enter is a new line", async ({ page }) => {
  const form = { ...makeForm(makeClient(uniqueSignupEmail("enter-5"), [isoDay(1), isoDay(2)], "en")), startDate: "", picks: [] };
  await page.addInitScript((form) => {
    if (!window.sessionStorage.getItem("signup:client-data")) window.sessionStorage.setItem("signup:client-data", JSON.stringify({ form, step: 5 }));
  }, form);
  await page.goto("/signup");
  const w = wizard(page, "en");
  // No pickup days in the saved form: the wizard reopens on step 4. Its two days, then on to step 5.
  await w.expectStep(4);
  const step5 = (await page.request.get(`/api/signupday/${isoDay(30)}`).then((r) => r.json())) as { availability: Record<string, boolean> };
  const days = Object.keys(step5.availability).filter((d) => step5.availability[d]).sort();
  await w.pickDays(isoDay(30), [days[0]!, days[1]!]);
  const box = (name: string) => page.getByRole("textbox", { name, exact: true });
  const fields = [box("Building name"), box("Unit number"), box("Call box code"), box("Gate code"), box("Other instructions")];
  expect(await hints(fields)).toEqual(["next", "next", "next", "next", null]);
  await expectEnterMovesTo(page, fields[0]!, fields[1]!);
  await expectEnterMovesTo(page, fields[3]!, fields[4]!);
  await page.keyboard.type("Ring twice");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Thanks");
  await expect(fields[4]!).toHaveValue("Ring twice\nThanks");
  await w.expectStep(5);
});

test("login, contact, newsletter and the ZIP checks: send or go where Enter submits, next where another field follows", async ({ page }) => {
  await page.goto("/login");
  const login = page.getByRole("main").getByRole("textbox", { name: "Email" });
  expect(await hints([login])).toEqual(["send"]);

  await page.goto("/contact");
  const contact = page.getByRole("tabpanel");
  const box = (name: string) => contact.getByRole("textbox", { name, exact: true });
  // The commercial form, shown first.
  const fields = [box("Your name"), box("Business name"), box("Email"), box("Phone (optional)"), box("Message")];
  expect(await hints(fields)).toEqual(["next", "next", "next", "next", null]);
  await expectEnterMovesTo(page, fields[0]!, fields[1]!);
  await expectEnterMovesTo(page, fields[3]!, fields[4]!);
  await expect(contact.locator('[aria-invalid="true"]')).toHaveCount(0);

  await page.goto("/blog");
  const newsletter = page.getByRole("region", { name: "Get our newsletter" }).getByRole("textbox", { name: "Email" });
  expect(await hints([newsletter])).toEqual(["send"]);

  // The home page's ZIP check as first painted (plain HTML), then the live one that takes its place.
  await page.goto("/");
  const zip = page.getByRole("form", { name: "Check your ZIP code" }).first().getByRole("textbox", { name: "ZIP code" });
  expect(await hints([zip])).toEqual(["go"]);
  await expect(page.getByTestId("zip-check-live").first()).toBeAttached();
  expect(await hints([page.getByTestId("zip-check-live").first().getByRole("textbox", { name: "ZIP code" })])).toEqual(["go"]);
  await page.getByTestId("zip-check-live").first().getByRole("textbox", { name: "ZIP code" }).fill("33139");
  await page.getByTestId("zip-check-live").first().getByRole("textbox", { name: "ZIP code" }).press("Enter");
  await expect(page.getByRole("link", { name: "Sign up with ZIP 33139" })).toBeVisible();
});
