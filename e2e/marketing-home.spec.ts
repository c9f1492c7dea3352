// The home page's widgets: the testimonials carousel on a fake clock, and the single-open FAQ preview.
import type { Page } from "@playwright/test";
import { test, expect, expectHydrated, useLanguage as withLanguage } from "./fixtures";

const names = ["Daniela M.", "Carlos R.", "Jessica T.", "André W."];
const start = new Date("2025-03-03T09:00:00-05:00");

async function openCarousel(page: Page) {
  await withLanguage(page, "en");
  await page.clock.install({ time: start });
  // Time stands still from here: only runFor moves it.
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto("/");
  // The carousel goes live once the visitor nears it.
  await page.getByRole("region", { name: "What Miami customers say" }).scrollIntoViewIfNeeded();
  // React reveals lazy content on a timer, so step the clock in 50 ms ticks until the live carousel is
  // mounted: its first 5-second wait then started at most 50 ms before the current fake time.
  for (let tick = 0; tick < 400 && (await page.locator('[data-live="true"]').count()) === 0; tick++) {
    await page.clock.runFor(50);
  }
  const carousel = page.getByRole("region", { name: "What Miami customers say" });
  await expect(carousel).toHaveAttribute("data-live", "true");
  return carousel;
}

/** Holds the FAQ preview's live accordion (react-aria) until `release`, which resolves once it has arrived. */
async function holdLiveAccordion(page: Page) {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  await page.route("**/assets/faq-preview-live-*.js", async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    const arrived = page.waitForResponse(/faq-preview-live-.*\.js/);
    open();
    await arrived;
  };
}

/**
 * Opens the home page and waits until it has hydrated (the footer's year fills in then): from then on the FAQ
 * preview's still copy opens and closes its answers; before, a click or a key does nothing yet.
 */
async function openHydrated(page: Page) {
  await page.goto("/");
  await expectHydrated(page);
}

async function expectShowing(carousel: ReturnType<Page["getByRole"]>, n: number) {
  await expect(carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')).toContainText(names[n - 1] ?? "?");
  await expect(carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')).toHaveAttribute("aria-label", `${n} of 4`);
  await expect(carousel.getByRole("button", { name: `Show testimonial ${n}` })).toHaveAttribute("aria-current", "true");
  await expect(carousel.locator('button[aria-current="true"]')).toHaveCount(1);
}

test("testimonials advance every 5 seconds, wrap, pause on hover and focus, and follow the controls", async ({ page }) => {
  const carousel = await openCarousel(page);
  await page.mouse.move(0, 0);
  await expectShowing(carousel, 1);
  await page.clock.runFor(4900);
  await expectShowing(carousel, 1);
  await page.clock.runFor(100);
  await expectShowing(carousel, 2);
  await page.clock.runFor(5000);
  await expectShowing(carousel, 3);
  await page.clock.runFor(5000);
  await expectShowing(carousel, 4);
  await page.clock.runFor(5000);
  await expectShowing(carousel, 1);

  // Hovered: held; the pointer leaves: it moves on 5 seconds later.
  await carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').hover();
  await page.clock.runFor(15_000);
  await expectShowing(carousel, 1);
  await page.mouse.move(0, 0);
  await page.clock.runFor(5000);
  await expectShowing(carousel, 2);

  // The controls: next, previous (wrapping from 1 to 4), the dots.
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expectShowing(carousel, 3);
  await carousel.getByRole("button", { name: "Previous testimonial" }).click();
  await expectShowing(carousel, 2);
  await carousel.getByRole("button", { name: "Show testimonial 1" }).click();
  await expectShowing(carousel, 1);
  await carousel.getByRole("button", { name: "Previous testimonial" }).click();
  await expectShowing(carousel, 4);
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expectShowing(carousel, 1);
  await carousel.getByRole("button", { name: "Show testimonial 3" }).click();
  await expectShowing(carousel, 3);

  // Focus inside holds it even with the pointer gone; focus leaving resumes it.
  await page.mouse.move(0, 0);
  await page.clock.runFor(15_000);
  await expectShowing(carousel, 3);
  await page.getByRole("heading", { level: 1 }).click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(5000);
  await expectShowing(carousel, 4);

  // Stopping it by hand: no rotation until started again.
  await carousel.getByRole("button", { name: "Stop automatic rotation" }).click();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(15_000);
  await expectShowing(carousel, 4);
  await expect(carousel.getByRole("button", { name: "Start automatic rotation" })).toBeVisible();
});

test("testimonials do not rotate for people who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const carousel = await openCarousel(page);
  await page.mouse.move(0, 0);
  await page.clock.runFor(30_000);
  await expectShowing(carousel, 1);
  await expect(carousel.getByRole("button", { name: "Start automatic rotation" })).toBeVisible();
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expectShowing(carousel, 2);
});

test("the FAQ preview keeps one answer open at a time", async ({ page }) => {
  await withLanguage(page, "es");
  await openHydrated(page);
  const faq = page.getByRole("region", { name: "Las preguntas que más nos hacen" });
  const questions = faq.locator("button[aria-expanded]");
  await expect(questions).toHaveCount(3);
  for (const question of await questions.all()) await expect(question).toHaveAttribute("aria-expanded", "false");
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await expect(faq.getByText("esos días se repiten cada semana")).toBeVisible();
  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(faq.getByText("esos días se repiten cada semana")).toBeHidden();
  await expect(faq.getByText("Tu primera semana cuesta $19.99. Después, el Plan Semanal cuesta $29.99 por semana")).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "false");
  await questions.nth(2).click();
  await expect(faq.getByText("Doral")).toBeVisible();
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);
});

test("a question opened before the live accordion arrives stays open when it takes over", async ({ page }) => {
  await withLanguage(page, "en");
  const release = await holdLiveAccordion(page);
  await openHydrated(page);
  const faq = page.getByRole("region", { name: "Questions we hear a lot" });
  const questions = faq.locator("button[aria-expanded]");
  await expect(questions).toHaveCount(3);
  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
  await release();
  // The live copy (react-aria's triggers carry data-react-aria-pressable) has taken over: a click before that
  // could land on the still copy as it is swapped out, and this test is about the live one after the swap.
  await expect(faq.locator("button[aria-expanded][data-react-aria-pressable]")).toHaveCount(3);
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "false");
});

test("a keyboard user's focus on a question stays on it when the live accordion takes over", async ({ page }) => {
  await withLanguage(page, "es");
  const release = await holdLiveAccordion(page);
  await openHydrated(page);
  const faq = page.getByRole("region", { name: "Las preguntas que más nos hacen" });
  const questions = faq.locator("button[aria-expanded]");
  await expect(questions).toHaveCount(3);
  await questions.nth(2).focus();
  await page.keyboard.press("Enter");
  await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(2)).toBeFocused();
  await release();
  // The live copy is react-aria's: its trigger carries data-react-aria-pressable.
  await expect(faq.locator("button[aria-expanded][data-react-aria-pressable]")).toHaveCount(3);
  await expect(questions.nth(2)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "false");
});

// A phone that never scrolls down never downloads or runs them; nearing the FAQ preview brings both.
test("the FAQ preview's accordion and the carousel load their code only once the visitor nears them", async ({ page }) => {
  await withLanguage(page, "en");
  await page.setViewportSize({ width: 390, height: 844 });
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  const liveParts = /\/assets\/(faq-preview-live|testimonials-live)-[^/]+\.js$/;
  await page.goto("/");
  // Hydrated, the live ZIP check in place, and the network quiet: whatever the top of the page loads has loaded.
  await expectHydrated(page);
  await expect(page.getByTestId("zip-check-live")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked.filter((path) => liveParts.test(path)), "live code asked for at the top of the page").toEqual([]);
  const carousel = page.getByRole("region", { name: "What Miami customers say" });
  await expect(carousel).toHaveAttribute("data-live", "false");

  const faq = page.getByRole("region", { name: "Questions we hear a lot" });
  await faq.scrollIntoViewIfNeeded();
  await expect(faq.locator("button[aria-expanded][data-react-aria-pressable]")).toHaveCount(3);
  await expect(carousel).toHaveAttribute("data-live", "true");
  await expect.poll(() => asked.map((path) => liveParts.exec(path)?.[1]).filter(Boolean).sort()).toEqual(["faq-preview-live", "testimonials-live"]);
});
