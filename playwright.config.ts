import { defineConfig } from "@playwright/test";
import { chromiumArgs, findTestChromium } from "./e2e/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/e2e-artifacts",
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-results/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: findTestChromium(), args: chromiumArgs },
    // A failed test keeps its screenshot, the page's accessibility tree (error-context.md) and a trace of its
    // actions and their call logs. No screencast, no DOM snapshots and so no network log: on a 2-core machine
    // the screencast cost every test about a fifth of its time and the snapshots a sixth more.
    // `E2E_TRACE=full` keeps the snapshots and the network for rerunning a failure.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: process.env.E2E_TRACE === "full" },
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    // Start-up compiles the server (tsx) and migrates a fresh PGlite: give a loaded 2-core machine three minutes.
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
  },
});
