// Finds a Chromium for Playwright: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own download.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here.
  }
  return undefined;
}

/**
 * The browser the browser tests run in: CHROMIUM_PATH, else Debian's headless shell (`chromium-headless-shell`, the
 * same Blink without the browser's window and UI processes, which Playwright's own headless mode also uses),
 * else the full browser. On a 2-core machine the shell opens a test's context, page and first load in about
 * half the time.
 */
export function findTestChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return findChromium();
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : findChromium();
}

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
