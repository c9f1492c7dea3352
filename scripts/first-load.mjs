// Shared by `npm run test:size` and `npm run bench`: the real server over a built site, and what a page
// downloads on its first load (every script and style sheet until the network is idle), in gzip bytes.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { liftedLimits } from "./lifted-limits.mjs";

/**
 * Starts the server on `port` over the built site in `siteRoot` with a fresh PGlite; resolves once healthy. From
 * server/main.ts under tsx, or with `bundle` from the site's server bundle under plain node, as `npm start` runs it.
 */
export async function startServer({ port, siteRoot = "dist", nodeEnv = "production", bundle = false }) {
  const env = {
    ...process.env,
    ...liftedLimits,
    // Production requires a secret of its own; a throwaway one for this run.
    SERVER_SECRET: randomBytes(48).toString("base64"),
    // The sandbox provider and the mailbox table, in production (the build as deployed, without Stripe or SMTP).
    ALLOW_TEST_MODE: "1",
    NODE_ENV: nodeEnv,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SITE_ROOT: path.resolve(siteRoot),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "freshfold-bench-")),
    LOG_LEVEL: "warn",
  };
  for (const key of ["DATABASE_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL", "REDIS_URL"]) delete env[key];
  const entry = bundle ? [path.resolve(siteRoot, "server/main.mjs")] : ["--import", "tsx", "server/main.ts"];
  const child = spawn(process.execPath, entry, { env, stdio: ["ignore", "inherit", "inherit"] });
  const stop = () => {
    if (child.exitCode === null) child.kill();
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error("server did not answer /api/health within 3 minutes");
}

const gzipCache = new Map();
/** The gzip size (level 9, as the build reports it) of a built file named by its URL path. */
export function gzipBytes(siteRoot, urlPath) {
  const file = path.join(siteRoot, decodeURIComponent(urlPath));
  if (!gzipCache.has(file)) gzipCache.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
  return gzipCache.get(file);
}

/**
 * Opens `url` in a fresh context and lists every same-origin script and style sheet it fetched until the
 * network went idle (the page's own content has painted by then: its code, its catalogs and its data are in).
 */
export async function firstLoad(browser, url, { siteRoot = "dist", ready } = {}) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const files = new Map();
  page.on("request", (request) => {
    const type = request.resourceType();
    const u = new URL(request.url());
    if (u.origin !== origin || (type !== "script" && type !== "stylesheet")) return;
    files.set(u.pathname, { path: u.pathname, type: type === "script" ? "js" : "css", request });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  if (ready) await page.locator(ready).first().waitFor({ state: "visible" });
  await page.waitForLoadState("networkidle");
  const list = [];
  for (const { request, ...f } of files.values()) {
    // What went over the wire: the body as the server encoded it (gzip or brotli when it compresses).
    const sent = await request.sizes().then((s) => s.responseBodySize, () => undefined);
    list.push({ ...f, gzip: gzipBytes(siteRoot, f.path), sent });
  }
  await context.close();
  const sum = (type) => list.filter((f) => f.type === type).reduce((n, f) => n + f.gzip, 0);
  return { files: list, js: sum("js"), css: sum("css") };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
