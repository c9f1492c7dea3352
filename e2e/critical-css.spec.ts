// Each pre-rendered page carries inline only the rules its own HTML can use (scripts/critical-css.mjs), and the
// whole style sheet follows at the end of its body. The first paint has only the inline rules: it must look
// exactly as the page does with the whole sheet, on a phone and on a desktop, in both languages. The page's
// code is held off, so what is compared is the pre-rendered page itself.
import { test, expect, renderWholePage, type Language } from "./fixtures";
import type { Page } from "@playwright/test";
import { blogPosts } from "../src/resources/blog/posts";

const paths = [
  "/", "/about", "/services", "/pricing", "/service-areas", "/faq", "/airbnb-hosts", "/blog", "/how-it-works", "/login",
  "/contact", "/privacy", "/terms", "/signup", "/payment-success", "/payment-canceled", "/no-such-page",
  ...blogPosts.map((post) => `/blog/${post.slug}`),
];
const addressIn = (path: string, language: Language) => (language === "es" ? `/es${path === "/" ? "/" : path}` : path);
const wholeSheet = /^\/assets\/style-[^/]+\.css$/;

/**
 * Full-page pictures of the pre-rendered page at `address`, its code held off: with the whole sheet, then with
 * the inline rules alone (the whole sheet's link removed, as if it had never come).
 */
async function picturesOf(page: Page, address: string) {
  await page.goto(address, { waitUntil: "load" });
  const sheet = page.locator("body > link[rel=stylesheet]");
  await expect(sheet, `${address} names the whole sheet at the end of its body`).toHaveAttribute("href", wholeSheet);
  await renderWholePage(page);
  const picture = () => page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
  const withSheet = await picture();
  await sheet.evaluate((link) => link.remove());
  return { withSheet, inlineOnly: await picture() };
}

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

for (const language of ["en", "es"] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test(`the inline rules paint every pre-rendered page in ${language} as the whole sheet does, on a ${device}`, async ({ browser }) => {
      // A budget by the page: each is loaded and pictured twice (a few seconds each on a loaded 2-core machine, where
      // the whole set once outlasted a fixed 90 s). One test a page instead cost a new context each, about 10 s a page.
      test.setTimeout(paths.length * 15_000);
      const context = await browser.newContext({ viewport, locale: language, extraHTTPHeaders: { "accept-language": language } });
      const page = await context.newPage();
      await page.route(/\.js$/, (route) => route.abort());
      for (const path of paths) {
        const address = addressIn(path, language);
        const { inlineOnly, withSheet } = await picturesOf(page, address);
        expect(inlineOnly.equals(withSheet), `${address} on a ${device}: the same picture without the whole sheet`).toBe(true);
      }
      await context.close();
    });
  }
}

// Skipping a block that is on the first screen costs a phone a second layout before its first paint: the browser
// lays the page out without it, finds it near the viewport, and lays the page out again.
test("a page's first section renders with the first screen; the sections after it and the footer wait until they near the viewport", async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  for (const address of ["/", "/pricing", "/about", "/how-it-works", "/es/", "/es/services"]) {
    await page.goto(address, { waitUntil: "load" });
    const blocks = await page.evaluate(() =>
      [...document.querySelectorAll("main .render-near-view, footer.render-near-view")].map((block) => ({
        tag: block.tagName.toLowerCase(),
        visibility: getComputedStyle(block).contentVisibility,
      })),
    );
    expect(blocks.length, address).toBeGreaterThan(2);
    expect(blocks[0], `${address}: its first section`).toEqual({ tag: "section", visibility: "visible" });
    for (const block of blocks.slice(1)) expect(block.visibility, `${address}: a later ${block.tag}`).toBe("auto");
  }
});

// On a slow phone the parser stops every few kilobytes for a frame: the header was painted a frame or more before
// the lead, the page's largest text. The head holds the first frame until the first screen's text is parsed
// (FIRST_SCREEN_ENDS, src/ui/page-meta.tsx). A CPU slowed twentyfold makes the parser stop before the lead on any
// machine; the page's first animation frame, which runs just before the first frame is drawn, finds what was parsed.
test("on a slow phone no frame is drawn before the page's heading and lead are parsed", async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewports.phone);
  await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 20 });
  const ends = { "/": "page-lead", "/es/": "page-lead", "/pricing": "page-lead", "/es/faq": "page-lead", "/signup": "signup-step-heading" };
  await page.addInitScript((ids) => {
    requestAnimationFrame(() => {
      const parsed = ids.find((id) => document.getElementById(id));
      Object.assign(window, { __firstFrame: { parsed: parsed ?? null, heading: !!document.querySelector("h1") } });
    });
  }, [...new Set(Object.values(ends))]);
  for (const [address, end] of Object.entries(ends)) {
    await page.goto(address, { waitUntil: "load", timeout: 60_000 });
    const firstFrame = await page.evaluate(() => (window as unknown as { __firstFrame: unknown }).__firstFrame);
    expect(firstFrame, `${address}: its first frame waited for its heading and #${end}`).toEqual({ parsed: end, heading: true });
  }
});
