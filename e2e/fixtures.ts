// Shared Playwright fixtures: every test fails on a console error; helpers for the language and axe.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Language } from "../src/i18n/languages";
export type { Language };

/** yyyy-mm-dd, `offset` days from today in the browser's (and this process's) time zone. */
export function isoDay(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[]; machineCoverage: void }>({
  /**
   * Console errors a test expects (e.g. the browser's own line for a deliberate 409); set with test.use and ONE
   * pattern (join several with |): Playwright reads [a, b] as a value with fixture options, not as a list.
   */
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors.filter((e) => !allowedConsoleErrors.some((re) => re.test(e))), "console errors").toEqual([]);
    },
    { auto: true },
  ],
  /** Records which states the real machines reached in this test (src/inspection/coverage.ts). */
  machineCoverage: [
    async ({ page }, use, testInfo) => {
      const reached: Record<string, string[]> = {};
      await page.exposeBinding("__e2eMachineCoverage", (_source, machineId: string, stateIds: string[]) => {
        reached[machineId] = [...new Set([...(reached[machineId] ?? []), ...stateIds])];
      });
      await page.addInitScript(() => window.localStorage.setItem("e2e:machine-coverage", "1"));
      await use();
      if (Object.keys(reached).length) {
        const dir = path.resolve("test-results/browser-coverage");
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${testInfo.testId}-${testInfo.retry}.json`), JSON.stringify(reached));
      }
    },
    { auto: true },
  ],
});

/**
 * Opens the site with a saved language choice (product.md SITE-1: the saved choice wins), where the footer
 * button saves it: in local storage, on every load, and in the cookie the server reads (decision 013).
 */
export async function useLanguage(page: Page, language: Language) {
  await page.context().addCookies([{ name: "language", value: language, url: base.info().project.use.baseURL! }]);
  await page.addInitScript((lang) => window.localStorage.setItem("language", lang), language);
}

/**
 * A choice in local storage alone, saved once per tab: as a visitor saved it before the cookie existed, and
 * not on every load as useLanguage does, so the footer button's own choice then holds.
 */
export async function storeLanguageOnce(page: Page, language: Language) {
  await page.addInitScript((lang) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("language", lang);
      sessionStorage.setItem("seeded", "1");
    }
  }, language);
}

/** Waits until the page has hydrated: the footer's year fills in then, and a click or a key works from then on. */
export async function expectHydrated(page: Page) {
  await expect(page.locator("footer")).toContainText(/© \d{4} /);
}

/**
 * Renders the blocks a page leaves unrendered until they near the viewport (the render-near-view utility), as a
 * reader scrolling down would: axe then checks them, a full-page screenshot shows them and an overflow counts.
 */
export async function renderWholePage(page: Page) {
  await page.addStyleTag({ content: ".render-near-view { content-visibility: visible !important; }" });
}

/**
 * Holds the scripts `url` names (a glob or a pattern, as page.route takes) until the returned release is called,
 * as a slow network would: a page's code, the chunk /assets/<page module>-<hash>.js, which the entry waits for
 * before hydrating, so the page stays as pre-rendered meanwhile; or a part the page loads once it is live.
 */
export async function holdScripts(page: Page, url: string | RegExp) {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => open();
}

/** Where each control sits within `around`, and its size: what hydrating a page must leave as it was. */
export async function layoutWithin(around: Locator, controls: Locator[]) {
  const origin = (await around.boundingBox())!;
  return Promise.all(
    controls.map(async (control) => {
      const box = (await control.boundingBox())!;
      return { x: box.x - origin.x, y: box.y - origin.y, width: box.width, height: box.height };
    }),
  );
}

/**
 * A pre-rendered form whose page code is held (holdScripts): its controls are disabled, and typing into the first
 * one, then Enter, changes nothing and leaves the page where it is (hydration would have reset what was typed);
 * after `release`, the same controls are enabled, each exactly where it was.
 */
export async function expectInertUntilHydrated(page: Page, { within, controls, url, release }: { within: Locator; controls: Locator[]; url: RegExp; release: () => void }) {
  for (const control of controls) await expect(control).toBeDisabled();
  const field = controls[0]!;
  await field.click({ force: true });
  await page.keyboard.type("maria@example.com");
  await page.keyboard.press("Enter");
  await expect(field).toHaveValue("");
  await expect(page).toHaveURL(url);
  const before = await layoutWithin(within, controls);

  release();
  for (const control of controls) await expect(control).toBeEnabled();
  expect(await layoutWithin(within, controls)).toEqual(before);
}

export async function expectNoAxeViolations(page: Page) {
  await renderWholePage(page);
  // A page without frames (the site has none) runs axe in the page itself (legacy mode: `axe.run`, the same rules on
  // the same nodes), not also in a blank page opened to merge frames' results: about 0.8 s less a call. A page with
  // a frame gets the default, which also tests cross-origin frames. (Legacy mode goes in @axe-core/playwright 5.)
  const oneFrame = page.frames().length === 1;
  const results = await new AxeBuilder({ page }).setLegacyMode(oneFrame).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Where a keyboard or screen-reader user is: the text of document.activeElement, which must be `text` (not the
 * document's body, where the focus falls when the control it was on is disabled, emptied or taken away).
 */
export async function expectFocusedText(page: Page, text: string) {
  await expect
    .poll(() => page.evaluate(() => (document.activeElement === document.body ? "<body>" : (document.activeElement?.textContent?.trim() ?? null))))
    .toBe(text);
}

export { expect };

/** A page's address in a language: English at the spec's paths, Spanish under /es/ ("/" → "/es/"). */
export const at = (language: Language, path: string) => (language === "es" ? `/es${path === "/" ? "/" : path}` : path);
