// `npm run og-images`: renders the link-preview card (scripts/og-image/card.html) in each language with Chromium
// and writes public/images/og-<language>.png (src/ui/og-image.ts), re-encoded as small as PNG allows without loss.
// Run it after changing the card, its text or the logo, and commit the PNGs: the build does not run a browser.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { brand } from "../src/config/brand";
import { languages } from "../src/i18n/languages";
import { ogImage, ogImageSize } from "../src/ui/og-image";
import { chromiumArgs, findChromium } from "../e2e/chromium";
import { optimisePng } from "./og-image/png";

const root = path.resolve(import.meta.dirname, "..");
const card = readFileSync(path.join(root, "scripts/og-image/card.html"), "utf8");
const logo = readFileSync(path.join(root, "public/logo.svg"), "utf8").replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true"');
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: ogImageSize, deviceScaleFactor: 1 });
  for (const language of languages) {
    const image = ogImage[language];
    const fill: Record<string, string> = { lang: language, brand: escape(brand.name), headline: escape(image.headline), line: escape(image.line), logo };
    await page.setContent(card.replace(/\{\{(\w+)\}\}/g, (_, key: string) => fill[key] ?? ""));
    const png = optimisePng(await page.screenshot({ type: "png" }));
    writeFileSync(path.join(root, "public", image.path), png);
    console.log(`wrote public${image.path} (${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
