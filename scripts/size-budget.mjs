// `npm run test:size` (after the production build): fails when the home page's first-load JavaScript grows
// past the budget in gzip bytes. Bytes, not times: stable on a shared, noisy machine.
//
// First load = what the home page needs before its content: the entry and its static imports, the home
// route's code and its static imports (dist/.vite/manifest.json), the message catalogs its HTML preloads and the
// browser fetched (the shell's and the route's: the language and the route decide), and any script outside the
// bundle that the page's HTML names (public/ files). Code a page loads lazily once its content is up (the live ZIP
// check with its catalog, the live testimonials carousel, the FAQ preview's accordion, the toast region, the
// support panel) is listed apart, not counted.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { firstLoad, gzipBytes, kb, startServer } from "./first-load.mjs";

const budget = Number(process.env.HOME_JS_BUDGET ?? 100 * 1024);
const siteRoot = process.env.BUILD_OUT_DIR ?? "dist";
const port = Number(process.env.SIZE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 150);
/** The home route's module (the home page is among its static imports): loaded before the page hydrates. */
const routeModules = ["src/app/home-route.tsx"];

const manifestFile = path.join(siteRoot, ".vite", "manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run the production build (npx vite build, build.manifest on) first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));

/** Every file reached from `keys` through static imports. */
function staticClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update scripts/size-budget.mjs)`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry && key.endsWith(".html"));
if (entries.length === 0) entries.push(...Object.keys(manifest).filter((key) => manifest[key].isEntry));
const beforeContent = staticClosure([...entries, ...routeModules]);
const catalogFiles = new Set(Object.entries(manifest).filter(([key]) => key.startsWith("locales/")).map(([, c]) => `/${c.file}`));
/** What the pre-rendered home page preloads: its catalogs among them are the ones it renders its content with. */
const homeHtml = readFileSync(path.join(siteRoot, "index.html"), "utf8");
const preloaded = new Set([...homeHtml.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)].map((match) => match[1]));
const firstCatalog = (file) => catalogFiles.has(file) && preloaded.has(file);
/** Scripts the bundler did not make (public/ files the page names in its HTML) load with the page: counted. */
const bundled = new Set(Object.values(manifest).map((c) => `/${c.file}`));

const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser", process.env.CHROMIUM_PATH].find((p) => p && existsSync(p));
const server = await startServer({ port, siteRoot });
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
let failed = false;
try {
  const home = await firstLoad(browser, `${server.base}/`, { siteRoot, ready: "main h1" });
  const fetched = new Set(home.files.filter((f) => f.type === "js").map((f) => f.path));
  const counted = [...new Set([...beforeContent, ...[...fetched].filter((f) => firstCatalog(f) || !bundled.has(f))])];
  const row = (f) => `  ${kb(gzipBytes(siteRoot, f)).padStart(9)}  ${f}${catalogFiles.has(f) ? "  (catalog)" : ""}`;
  const bySize = (a, b) => gzipBytes(siteRoot, b) - gzipBytes(siteRoot, a);
  counted.sort(bySize).forEach((f) => console.log(row(f)));
  const later = [...fetched].filter((f) => !counted.includes(f)).sort(bySize);
  const missing = counted.filter((f) => !fetched.has(f));
  const total = counted.reduce((n, f) => n + gzipBytes(siteRoot, f), 0);
  console.log(`Home page first-load JavaScript: ${kb(total)} (${total} bytes) gzipped in ${counted.length} files (budget ${kb(budget)}).`);
  if (later.length) console.log(`Loaded after the content, not counted: ${kb(later.reduce((n, f) => n + gzipBytes(siteRoot, f), 0))} (${later.join(", ")})`);
  if (missing.length) {
    console.error(`FAIL: the manifest says the home page needs ${missing.join(", ")} but the browser never fetched it; the measurement is broken.`);
    failed = true;
  } else if (![...fetched].some(firstCatalog)) {
    console.error("FAIL: the home page fetched no message catalog; the measurement is broken.");
    failed = true;
  } else if (total > budget) {
    console.error(`FAIL: the home page's first-load JavaScript is ${total - budget} bytes over its budget of ${budget}.`);
    failed = true;
  } else {
    console.log("ok: within budget");
  }
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
