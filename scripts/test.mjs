// `npm test`: every suite in turn (catalogs; types and lint side by side; unit and machine, server, browser),
// then one total line `N passed, N failed, N skipped`. The counting lives in scripts/test-verdict.mjs: a runner
// that exits non-zero has failed whatever its report says, reports are deleted before each run, skips are counted.
//
//   node scripts/test.mjs             everything; writes test-results/summary.json
//   node scripts/test.mjs --db-only   the database suite and the crash test (PGlite, or PostgreSQL with
//                                     DATABASE_URL); summary-db.json
//   node scripts/test.mjs --lts[=24]  unit and server suites (server on DATABASE_URL's PostgreSQL if set) and the
//                                     crash test (PGlite) on the Node running this script, e.g.
//                                     `npx -y node@24 scripts/test.mjs --lts=24` (=24: fail unless on Node 24);
//                                     summary-lts.json
//
// Adding a step is one line: `results.push(scriptStep("what it checks", "npm", ["run", "test:x"]))` counts
// it by exit code; `vitest(...)` and `reportStep(...)` count a runner's tests from its JSON report.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { machineCoverageReport } from "./machine-coverage.mjs";
import { playwrightCounts, reportStep, runCommand, scriptStep, scriptStepsTogether, summaryLines, total, totalLine, vitestCounts } from "./test-verdict.mjs";

const mode = process.argv.includes("--db-only") ? "db" : process.argv.some((a) => a === "--lts" || a.startsWith("--lts=")) ? "lts" : "all";
const summaryFile = { all: "test-results/summary.json", db: "test-results/summary-db.json", lts: "test-results/summary-lts.json" }[mode];
const results = [];
mkdirSync("test-results", { recursive: true });
rmSync(summaryFile, { force: true });

// Vitest runs on the Node that runs this script (so `npx -y node@24 scripts/test.mjs --lts` tests Node 24).
const vitest = (name, project, report, env = {}) =>
  reportStep(name, {
    command: process.execPath,
    args: ["node_modules/vitest/vitest.mjs", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    env,
    report,
    count: vitestCounts,
  });

function chromiumAvailable() {
  const probe = spawnSync(process.execPath, ["--import", "tsx", "-e", "import('./e2e/chromium.ts').then(m => process.exit(m.findTestChromium() ? 0 : 1))"]);
  return probe.status === 0;
}

const heading = (name) => console.log(`\n=== ${name}`);
const step = (name, make) => {
  heading(name);
  results.push(make(name));
};

if (mode === "db") {
  const label = process.env.DATABASE_URL ? "database suite on PostgreSQL" : "database suite on PGlite";
  step(label, (name) => vitest(name, "server", "test-results/db.json"));
  // The real server killed three times mid-burst on a fresh database of the same kind (scripts/crash-test.mjs).
  const crash = process.env.DATABASE_URL ? "crash test on PostgreSQL" : "crash test on PGlite";
  step(`${crash}: every payment one sign-up after three SIGKILLs`, (name) => scriptStep(name, "node", ["scripts/crash-test.mjs"]));
} else if (mode === "lts") {
  const node = `Node ${process.versions.node}`;
  // `--lts=24`: the run is only honest when this script really runs on that Node.
  const wanted = process.argv.find((a) => a.startsWith("--lts="))?.slice("--lts=".length);
  if (wanted) {
    const onIt = process.versions.node.split(".")[0] === wanted;
    results.push({ name: `runs on Node ${wanted} (this is ${node})`, passed: onIt ? 1 : 0, failed: onIt ? 0 : 1, skipped: 0, seconds: 0, notes: [] });
  }
  step(`unit and machine tests on ${node}`, (name) => vitest(name, "unit", "test-results/unit-lts.json"));
  // The server suite on this Node, on PostgreSQL when DATABASE_URL names it (about a minute; PGlite's run takes
  // three and is covered on Node 20 and by the crash test below), else on PGlite.
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  step(`server tests (${database}) on ${node}`, (name) => vitest(name, "server", "test-results/server-lts.json"));
  // The real server on this Node, end to end (sign-ups, payments, e-mail, restarts) on PGlite.
  step(`crash test on PGlite on ${node}: the real server, every payment one sign-up`, (name) =>
    scriptStep(name, process.execPath, ["scripts/crash-test.mjs"], { DATABASE_URL: undefined }),
  );
} else {
  rmSync("test-results/machine-paths", { recursive: true, force: true });
  rmSync("test-results/browser-coverage", { recursive: true, force: true });

  step("message catalogs compile with every Spanish translation", (name) => scriptStep(name, "npx", ["lingui", "compile", "--strict", "--typescript"]));
  // Each keeps one core busy: side by side they take about as long as the type-check alone.
  const checks = await scriptStepsTogether([
    { name: "type-check", command: "npx", args: ["tsc", "--noEmit", "-p", "tsconfig.json"] },
    { name: "lint", command: "npx", args: ["eslint", "."] },
  ]);
  for (const { result, output } of checks) {
    heading(result.name);
    process.stdout.write(output);
    results.push(result);
  }
  step("unit and machine tests", (name) => vitest(name, "unit", "test-results/unit.json"));
  step("server tests (PGlite)", (name) => vitest(name, "server", "test-results/server.json", { DATABASE_URL: undefined }));
  step("crash test on PGlite: every payment one sign-up after three SIGKILLs", (name) =>
    scriptStep(name, "node", ["scripts/crash-test.mjs"], { DATABASE_URL: undefined }),
  );
  step("production build, every page pre-rendered", (name) => scriptStep(name, "node", ["scripts/build.mjs"]));
  // Issue 15: the home page's first-load JavaScript may not grow past 100 KB gzipped.
  step("home page first-load JavaScript within 100 KB gzipped", (name) =>
    scriptStep(name, "node", ["scripts/size-budget.mjs"], { HOME_JS_BUDGET: String(100 * 1024) }),
  );

  heading("browser tests (Playwright, Chromium)");
  if (!chromiumAvailable()) {
    console.log("No Chromium found; trying Playwright's installer once...");
    runCommand("npx", ["playwright", "install", "chromium"]);
  }
  if (!chromiumAvailable()) {
    console.log("No Chromium: install Debian's `chromium-headless-shell` or `chromium` package (apt-get install chromium-headless-shell chromium) or set CHROMIUM_PATH.");
    results.push({ name: "browser tests", passed: 0, failed: 1, skipped: 0, seconds: 0, notes: ["no Chromium"] });
  } else {
    const report = process.env.E2E_REPORT ?? "test-results/e2e.json";
    results.push(reportStep("browser tests", { command: "npx", args: ["playwright", "test"], report, count: playwrightCounts }));

    // Every state the machine-level paths reach must also be reached by the real machines in the browser.
    heading("states the real machines reached in the browser suite");
    const { lines, problems } = machineCoverageReport({ requireBrowser: true });
    lines.forEach((line) => console.log(line));
    problems.forEach((problem) => console.log(`MISSING ${problem}`));
    results.push({ name: "browser suite reached every state of every machine", passed: problems.length ? 0 : 1, failed: problems.length ? 1 : 0, skipped: 0, seconds: 0, notes: [] });
  }
}

const counts = total(results);
heading("Summary");
summaryLines(results).forEach((line) => console.log(line));
writeFileSync(summaryFile, JSON.stringify({ ...counts, node: process.versions.node, results }, null, 2));
console.log(totalLine(counts));
process.exit(counts.failed ? 1 : 0);
