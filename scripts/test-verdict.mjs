// The verdict of `npm test` and `.ci/run`: how one step's exit code and JSON report become counts, and how
// counts become the final line `N passed, N failed, N skipped`. A runner that exits non-zero has failed
// whatever its report says; a report is read only when this run wrote it; a skipped test is counted.
//
// `node scripts/test-verdict.mjs total [--fail-on-skip] summary.json...` totals summaries written by
// scripts/test.mjs (a missing one is a failure) and exits 1 on any failure (and any skip with the flag).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Vitest's JSON report: every failed test, plus every file that failed without a failed test (an error). */
export function vitestCounts(report) {
  const files = report.testResults ?? [];
  const fileErrors = files.filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + fileErrors,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's JSON report: flaky counts as passed (retries are 0), errors outside tests as failures. */
export function playwrightCounts(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

/**
 * A report written at or after `since` (ms since the epoch), parsed; undefined when it is missing, older
 * (left by an earlier run) or not JSON. Callers also delete the report before the run (clearReport).
 */
export function readFreshReport(file, since) {
  try {
    // One second of slack for file systems that keep whole seconds; clearReport is the real guarantee.
    if (statSync(file).mtimeMs < since - 1000) return undefined;
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export function clearReport(file) {
  rmSync(file, { force: true });
}

/**
 * One step's result from its exit code and the counts read from its report (undefined: no report).
 * Without a report or counts a step counts as one check. A non-zero exit with no failure in the report adds
 * a failure; a zero exit never hides a failure the report shows.
 */
export function judge({ name, exitCode, counts, seconds = 0 }) {
  const notes = [];
  let result;
  if (counts === undefined) {
    result = { passed: exitCode === 0 ? 1 : 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 };
  } else {
    result = { passed: counts.passed, failed: counts.failed, skipped: counts.skipped };
    if (exitCode !== 0 && counts.failed === 0) {
      result.failed += 1;
      notes.push(`exited with ${describeExit(exitCode)} though its report shows no failed test`);
    }
  }
  return { name, ...result, seconds, notes };
}

const describeExit = (exitCode) => (exitCode === null ? "a signal" : `code ${exitCode}`);
const couldNotStart = (command, error) => `${command} could not start: ${error.message}`;

/** This process's environment with `env` over it; values of undefined remove that variable. */
function mergedEnv(env) {
  const merged = { ...process.env, ...env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete merged[key];
  return merged;
}

/** Runs a command, inheriting the terminal. */
export function runCommand(command, args, env = {}, stdio = "inherit") {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio, env: mergedEnv(env) });
  const exitCode = result.error ? 1 : result.status;
  if (result.error) console.log(couldNotStart(command, result.error));
  return { exitCode, seconds: Math.round((Date.now() - started) / 1000), started };
}

/** A step counted by its exit code alone: one check passed or failed. */
export function scriptStep(name, command, args, env = {}) {
  const { exitCode, seconds } = runCommand(command, args, env);
  return judge({ name, exitCode, seconds });
}

/**
 * Steps counted by their exit codes, run side by side (for commands that keep one core busy, as tsc and eslint
 * do). Each one's output is kept until it ends; resolves to `{ result, output }` per step, in the order given.
 */
export function scriptStepsTogether(steps) {
  return Promise.all(
    steps.map(
      ({ name, command, args, env = {} }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(command, args, { env: mergedEnv(env), stdio: ["ignore", "pipe", "pipe"] });
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          let ended = false;
          const end = (exitCode, note = "") => {
            if (ended) return;
            ended = true;
            const seconds = Math.round((Date.now() - started) / 1000);
            resolve({ result: judge({ name, exitCode, seconds }), output: Buffer.concat(output).toString() + note });
          };
          child.on("error", (error) => end(1, `${couldNotStart(command, error)}\n`));
          child.on("close", (code) => end(code));
        }),
    ),
  );
}

/**
 * A step with a JSON report: the report is deleted first, read only if this run wrote it, and counted with
 * `count` (vitestCounts or playwrightCounts). A missing report is a failure, since nothing was verified.
 */
export function reportStep(name, { command, args, env = {}, report, count, stdio = "inherit" }) {
  clearReport(report);
  const { exitCode, seconds, started } = runCommand(command, args, env, stdio);
  const json = readFreshReport(report, started);
  if (json === undefined) {
    return { name, passed: 0, failed: 1, skipped: 0, seconds, notes: [`wrote no report (${report}); exited with ${describeExit(exitCode)}`] };
  }
  return judge({ name, exitCode, counts: count(json), seconds });
}

export function total(results) {
  return results.reduce(
    (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

export const totalLine = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;

export function summaryLines(results) {
  const lines = [];
  for (const r of results) {
    const mark = r.failed ? "FAIL" : r.skipped ? "SKIP" : "ok  ";
    lines.push(`${mark} ${r.name}: ${totalLine(r)} (${r.seconds}s)`);
    for (const note of r.notes ?? []) lines.push(`     ${note}`);
  }
  return lines;
}

/** Totals summary files (each `{ passed, failed, skipped }`); a missing or unreadable one is a failure. */
export function totalSummaries(files) {
  const sum = { passed: 0, failed: 0, skipped: 0 };
  const missing = [];
  for (const file of files) {
    const summary = existsSync(file) ? readFreshReport(file, 0) : undefined;
    if (!summary || typeof summary.passed !== "number") {
      missing.push(file);
      sum.failed += 1;
      continue;
    }
    sum.passed += summary.passed;
    sum.failed += summary.failed;
    sum.skipped += summary.skipped ?? 0;
  }
  return { ...sum, missing };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "total") {
  const args = process.argv.slice(3);
  const failOnSkip = args.includes("--fail-on-skip");
  const counts = totalSummaries(args.filter((a) => !a.startsWith("--")));
  counts.missing.forEach((file) => console.log(`missing ${file}: that run wrote no summary`));
  if (failOnSkip && counts.skipped) console.log(`${counts.skipped} skipped: CI fails on any skipped test`);
  console.log(totalLine(counts));
  process.exit(counts.failed || (failOnSkip && counts.skipped) ? 1 : 0);
}
