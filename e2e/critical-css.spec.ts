// Each pre-rendered page carries inline only the rules its own HTML can use (scripts/critical-css.mjs), and the
// whole style sheet follows at the end of its body. The first paint has only the inline rules: it must look
// exactly as the page does with the whole sheet, on a phone and on a desktop, in both languages. The page's
// code is held off in both loads, so what is compared is the pre-rendered page itself.
import { test, expect, renderWholePage, type Language } from "./fixtures";
import type { Page } from "@playwright/test";
import { blogPosts } from "../src/resources/blog/posts";

const paths = [
  "/", "/about", "/services", "/pricing", "/service-areas", "/faq", "/airbnb-hosts", "/blog", "/how-it-works", "/login",
  "/contact", "/privacy", "/terms", "/signup", "/payment-success", "/payment-canceled", "/no-such-page",
  ...blogPosts.map((post) => `/blog/${post.slug}`),
];
const addressIn = (path: string, language: Language) => (language === "es" ? `/es${path === "/" ? "/" : path}` : path);
const wholeSheet = /\/assets\/style-[^/]+\.css$/;

/** The pre-rendered page at `address`, its code held off, with or without the whole sheet; a full-page picture. */
async function pictureOf(page: Page, address: string, withWholeSheet: boolean) {
  await page.route(/\.js$/, (route) => route.abort());
  let sheetRequested = false;
  await page.route(wholeSheet, (route) => {
    sheetRequested = true;
    return withWholeSheet ? route.continue() : route.abort();
  });
  await page.goto(address, { waitUntil: "load" });
  expect(sheetRequested, `${address} names the whole sheet`).toBe(true);
  await renderWholePage(page);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  return page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
}

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

for (const language of ["en", "es"] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test(`the inline rules paint every pre-rendered page in ${language} as the whole sheet does, on a ${device}`, async ({ browser }) => {
      test.slow();
      const context = await browser.newContext({ viewport, locale: language, extraHTTPHeaders: { "accept-language": language } });
      const [critical, whole] = [await context.newPage(), await context.newPage()];
      for (const path of paths) {
        const address = addressIn(path, language);
        const [inlineOnly, withSheet] = [await pictureOf(critical, address, false), await pictureOf(whole, address, true)];
        expect(inlineOnly.equals(withSheet), `${address} on a ${device}: the same picture without the whole sheet`).toBe(true);
      }
      await context.close();
    });
  }
}
