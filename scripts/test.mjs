// `npm test`: every suite in turn (catalogs, types, lint, unit and machine, server, browser), then one total line.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { machineCoverageReport } from "./machine-coverage.mjs";

const only = process.argv.includes("--db-only");
const results = [];
mkdirSync("test-results", { recursive: true });

function run(command, args, env = {}) {
  const started = Date.now();
  const merged = { ...process.env, ...env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete merged[key];
  const result = spawnSync(command, args, { stdio: "inherit", env: merged });
  return { ok: result.status === 0, seconds: Math.round((Date.now() - started) / 1000) };
}

function check(name, command, args) {
  console.log(`\n=== ${name}`);
  const { ok, seconds } = run(command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

function vitest(name, project, file, env = {}) {
  console.log(`\n=== ${name}`);
  const { ok, seconds } = run("npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`], env);
  const counts = readCounts(file, (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests + (j.numTotalTestSuites && !j.success && j.numFailedTests === 0 ? 1 : 0) }));
  results.push({ name, ...fallback(counts, ok), seconds });
}

function readCounts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return undefined;
  }
}

const fallback = (counts, ok) => counts ?? { passed: 0, failed: ok ? 0 : 1 };

function chromiumAvailable() {
  const probe = spawnSync(process.execPath, ["--import", "tsx", "-e", "import('./e2e/chromium.ts').then(m => process.exit(m.findChromium() ? 0 : 1))"]);
  return probe.status === 0;
}

if (!only) {
  rmSync("test-results/machine-paths", { recursive: true, force: true });
  rmSync("test-results/browser-coverage", { recursive: true, force: true });
}

if (only) {
  const label = process.env.DATABASE_URL ? "database suite on PostgreSQL" : "database suite on PGlite";
  vitest(label, "server", "test-results/db.json");
} else {
  check("message catalogs compile with every Spanish translation", "npx", ["lingui", "compile", "--strict", "--typescript"]);
  check("type-check", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
  check("lint", "npx", ["eslint", "."]);
  vitest("unit and machine tests", "unit", "test-results/unit.json");
  vitest("server tests (PGlite)", "server", "test-results/server.json", { DATABASE_URL: undefined });
  check("production build", "npx", ["vite", "build"]);

  console.log("\n=== browser tests (Playwright, Chromium)");
  if (!chromiumAvailable()) {
    console.log("No Chromium found; trying Playwright's installer once...");
    run("npx", ["playwright", "install", "chromium"]);
  }
  if (!chromiumAvailable()) {
    console.log("No Chromium: install Debian's `chromium` package (apt-get install chromium) or set CHROMIUM_PATH.");
    results.push({ name: "browser tests", passed: 0, failed: 1, seconds: 0 });
  } else {
    const { ok, seconds } = run("npx", ["playwright", "test"]);
    const counts = readCounts("test-results/e2e.json", (j) => ({
      passed: j.stats.expected + j.stats.flaky,
      failed: j.stats.unexpected + (j.errors?.length ?? 0),
    }));
    results.push({ name: "browser tests", ...fallback(counts, ok), seconds });

    // Every state the machine-level paths reach must also be reached by the real machines in the browser.
    console.log("\n=== states the real machines reached in the browser suite");
    const { lines, problems } = machineCoverageReport({ requireBrowser: true });
    lines.forEach((line) => console.log(line));
    problems.forEach((problem) => console.log(`MISSING ${problem}`));
    results.push({ name: "browser suite reached every state of every machine", passed: problems.length ? 0 : 1, failed: problems.length ? 1 : 0, seconds: 0 });
  }
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log("\n=== Summary");
for (const r of results) console.log(`${r.failed ? "FAIL" : "ok  "} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds}s)`);
writeFileSync(only ? "test-results/summary-db.json" : "test-results/summary.json", JSON.stringify({ passed, failed, results }, null, 2));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
