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
