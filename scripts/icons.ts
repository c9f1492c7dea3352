// `npm run icons`: renders the logo (public/logo.svg) with Chromium as the two icons browsers look for besides the
// SVG one: public/favicon.ico (16 and 32 px PNGs in one ICO, asked for by browsers and crawlers that do not
// read the SVG link) and public/apple-touch-icon.png (180 px, square and opaque: iOS masks its own corners and
// fills transparent ones with black). Run it after changing the logo, and commit both files: the build does not
// run a browser.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "../e2e/chromium";
import { optimisePng } from "./og-image/png";

const root = path.resolve(import.meta.dirname, "..");
const logo = readFileSync(path.join(root, "public/logo.svg"), "utf8");
/** The logo's rounded square made square, for a touch icon whose corners the phone rounds itself. */
const squareLogo = logo.replace(/<rect width="64" height="64" rx="16"/, '<rect width="64" height="64"');
if (squareLogo === logo) throw new Error("public/logo.svg's background square has changed: update scripts/icons.ts");

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
async function render(svg: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
  await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
  const png = optimisePng(await page.screenshot({ type: "png", omitBackground: true }));
  await page.close();
  return png;
}

/** An ICO holding PNG images (Windows Vista on, every browser): a 6-byte header, a 16-byte entry per image, the images. */
function ico(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width, 0 meaning 256
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

try {
  const favicon = ico(await Promise.all([16, 32].map(async (size) => ({ size, png: await render(logo, size) }))));
  writeFileSync(path.join(root, "public/favicon.ico"), favicon);
  console.log(`wrote public/favicon.ico (${favicon.length} bytes)`);
  const touch = await render(squareLogo, 180);
  writeFileSync(path.join(root, "public/apple-touch-icon.png"), touch);
  console.log(`wrote public/apple-touch-icon.png (${touch.length} bytes)`);
} finally {
  await browser.close();
}
