// The verdict of `npm test` and `.ci/run` (scripts/test-verdict.mjs): a runner that exits non-zero fails
// whatever its report says, a report left by an earlier run is never read, skipped tests are counted and
// shown. Real Vitest runs on the fixtures in tests/unit/fixtures/verdict, and small real processes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  judge,
  playwrightCounts,
  readFreshReport,
  reportStep,
  scriptStep,
  scriptStepsTogether,
  summaryLines,
  total,
  totalLine,
  totalSummaries,
  vitestCounts,
} from "../../scripts/test-verdict.mjs";

const passingVitestReport = {
  numTotalTests: 3,
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  success: true,
  testResults: [{ status: "passed", assertionResults: [{ status: "passed" }, { status: "passed" }, { status: "passed" }] }],
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "verdict-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A process that writes `report` to `file` (when given) and exits with `code`. */
const fakeRunner = (file: string | undefined, report: unknown, code: number) => [
  "-e",
  `${file ? `require("fs").writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(JSON.stringify(report))});` : ""} process.exit(${code});`,
];

describe("a runner's exit code outranks its report", () => {
  it("counts a non-zero exit with a passing report as a failure, and says why", () => {
    const result = judge({ name: "unit", exitCode: 1, counts: vitestCounts(passingVitestReport) });
    expect(result).toMatchObject({ passed: 3, failed: 1, skipped: 0 });
    expect(result.notes.join(" ")).toMatch(/exited with code 1 though its report shows no failed test/);
  });

  it("counts a runner killed by a signal as a failure", () => {
    expect(judge({ name: "unit", exitCode: null, counts: vitestCounts(passingVitestReport) }).failed).toBe(1);
  });

  it("keeps the report's failures when the runner nevertheless exits 0", () => {
    const report = { ...passingVitestReport, numPassedTests: 1, numFailedTests: 2 };
    expect(judge({ name: "unit", exitCode: 0, counts: vitestCounts(report) })).toMatchObject({ passed: 1, failed: 2 });
  });

  it("passes a zero exit with a passing report", () => {
    expect(judge({ name: "unit", exitCode: 0, counts: vitestCounts(passingVitestReport) })).toMatchObject({ passed: 3, failed: 0, skipped: 0 });
  });

  it("a real process writing a passing report and exiting 1 fails the step", () => {
    const report = path.join(dir, "unit.json");
    const result = reportStep("unit", { command: process.execPath, args: fakeRunner(report, passingVitestReport, 1), report, count: vitestCounts, stdio: "ignore" });
    expect(result).toMatchObject({ passed: 3, failed: 1 });
  });

  it("an unhandled error in a Vitest file fails the step, though Vitest's own report says success", () => {
    const report = path.join(dir, "unhandled.json");
    const result = reportStep("fixture", {
      command: process.execPath,
      args: ["node_modules/vitest/vitest.mjs", "run", "--config", "tests/unit/fixtures/verdict/vitest.config.mjs", "unhandled", "--reporter=json", `--outputFile.json=${report}`],
      report,
      count: vitestCounts,
      stdio: "ignore",
    });
    expect(result).toMatchObject({ passed: 1, failed: 1, skipped: 0 });
  }, 60_000);

  it("a script step counts by exit code alone", () => {
    expect(scriptStep("ok", process.execPath, ["-e", "process.exit(0)"])).toMatchObject({ passed: 1, failed: 0 });
    expect(scriptStep("bad", process.execPath, ["-e", "process.exit(3)"])).toMatchObject({ passed: 0, failed: 1 });
    expect(scriptStep("missing", path.join(dir, "no-such-command"), [])).toMatchObject({ passed: 0, failed: 1 });
  });

  it("steps run side by side count by exit code alone, in the order given, each with its own whole output", async () => {
    // Each step marks that it runs and waits for the other's mark: run one after the other, the first would give up.
    const meetsOther = (mine: string, other: string, then: string) =>
      `require("fs").writeFileSync(${JSON.stringify(path.join(dir, mine))}, "");
       const until = Date.now() + 20000;
       const wait = () => require("fs").existsSync(${JSON.stringify(path.join(dir, other))}) ? (${then}) : Date.now() > until ? process.exit(9) : setTimeout(wait, 20);
       wait();`;
    const [first, second, missing] = await scriptStepsTogether([
      { name: "first", command: process.execPath, args: ["-e", meetsOther("a", "b", "console.log('one'), console.error('two')")] },
      { name: "second", command: process.execPath, args: ["-e", meetsOther("b", "a", "console.log(process.env.ASKED), process.exit(3)")], env: { ASKED: "three" } },
      { name: "missing", command: path.join(dir, "no-such-command"), args: [] },
    ]);
    expect(first).toMatchObject({ result: { name: "first", passed: 1, failed: 0 } });
    expect(first!.output).toMatch(/^(one\ntwo|two\none)\n$/);
    expect(second).toEqual({ result: expect.objectContaining({ name: "second", passed: 0, failed: 1 }), output: "three\n" });
    expect(missing).toMatchObject({ result: { name: "missing", passed: 0, failed: 1 } });
    expect(missing!.output).toContain("could not start");
  });

  it("a Vitest file that fails to load counts as a failure even with no failed test", () => {
    const report = { ...passingVitestReport, testResults: [{ status: "failed", message: "SyntaxError", assertionResults: [] }] };
    expect(vitestCounts(report)).toMatchObject({ passed: 3, failed: 1 });
  });

  it("errors outside Playwright's tests count as failures", () => {
    expect(playwrightCounts({ stats: { expected: 5, unexpected: 0, flaky: 0, skipped: 0 }, errors: [{ message: "webServer timed out" }] })).toEqual({
      passed: 5,
      failed: 1,
      skipped: 0,
    });
  });
});

describe("only this run's report is read", () => {
  it("deletes a report left by an earlier run, so a runner that writes none fails", () => {
    const report = path.join(dir, "unit.json");
    writeFileSync(report, JSON.stringify(passingVitestReport));
    const result = reportStep("unit", { command: process.execPath, args: fakeRunner(undefined, null, 0), report, count: vitestCounts, stdio: "ignore" });
    expect(result).toMatchObject({ passed: 0, failed: 1 });
    expect(result.notes.join(" ")).toMatch(/wrote no report/);
    expect(existsSync(report)).toBe(false);
  });

  it("does not read a report older than the run", () => {
    const report = path.join(dir, "old.json");
    writeFileSync(report, JSON.stringify(passingVitestReport));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(report, anHourAgo, anHourAgo);
    expect(readFreshReport(report, Date.now())).toBeUndefined();
    expect(readFreshReport(report, anHourAgo.getTime() - 1)).toEqual(passingVitestReport);
  });

  it("reads the report this run wrote", () => {
    const report = path.join(dir, "unit.json");
    const result = reportStep("unit", { command: process.execPath, args: fakeRunner(report, passingVitestReport, 0), report, count: vitestCounts, stdio: "ignore" });
    expect(result).toMatchObject({ passed: 3, failed: 0, skipped: 0 });
  });
});

describe("skipped tests are counted and shown", () => {
  it("counts Vitest's skipped and todo tests", () => {
    expect(vitestCounts({ ...passingVitestReport, numPassedTests: 1, numPendingTests: 1, numTodoTests: 1 })).toEqual({ passed: 1, failed: 0, skipped: 2 });
  });

  it("counts a real Vitest run's skipped and todo tests", () => {
    const report = path.join(dir, "skipped.json");
    const result = reportStep("fixture", {
      command: process.execPath,
      args: ["node_modules/vitest/vitest.mjs", "run", "--config", "tests/unit/fixtures/verdict/vitest.config.mjs", "skipped", "--reporter=json", `--outputFile.json=${report}`],
      report,
      count: vitestCounts,
      stdio: "ignore",
    });
    expect(result).toMatchObject({ passed: 1, failed: 0, skipped: 2 });
  }, 60_000);

  it("counts Playwright's skipped tests", () => {
    expect(playwrightCounts({ stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 2 }, errors: [] })).toEqual({ passed: 5, failed: 1, skipped: 2 });
  });

  it("shows skips in the final line and marks the step", () => {
    const results = [
      judge({ name: "unit", exitCode: 0, counts: { passed: 4, failed: 0, skipped: 0 } }),
      judge({ name: "server", exitCode: 0, counts: { passed: 7, failed: 0, skipped: 1 } }),
      judge({ name: "lint", exitCode: 1 }),
    ];
    expect(totalLine(total(results))).toBe("11 passed, 1 failed, 1 skipped");
    expect(summaryLines(results)).toEqual([
      "ok   unit: 4 passed, 0 failed, 0 skipped (0s)",
      "SKIP server: 7 passed, 0 failed, 1 skipped (0s)",
      "FAIL lint: 0 passed, 1 failed, 0 skipped (0s)",
    ]);
  });
});

describe("the CI total (test-verdict.mjs total)", () => {
  const summary = (name: string, counts: object) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(counts));
    return file;
  };
  const cli = (...args: string[]) => spawnSync(process.execPath, ["scripts/test-verdict.mjs", "total", ...args], { encoding: "utf8" });

  it("totals every summary and counts a missing one as a failure", () => {
    const a = summary("a.json", { passed: 10, failed: 0, skipped: 1 });
    const b = summary("b.json", { passed: 5, failed: 2, skipped: 0 });
    expect(totalSummaries([a, b, path.join(dir, "missing.json")])).toEqual({ passed: 15, failed: 3, skipped: 1, missing: [path.join(dir, "missing.json")] });
  });

  it("fails on a skip with --fail-on-skip, and prints one final line", () => {
    const skipped = summary("a.json", { passed: 10, failed: 0, skipped: 1 });
    const clean = summary("b.json", { passed: 5, failed: 0, skipped: 0 });
    const failOnSkip = cli("--fail-on-skip", skipped, clean);
    expect(failOnSkip.status).toBe(1);
    expect(failOnSkip.stdout.trim().split("\n").at(-1)).toBe("15 passed, 0 failed, 1 skipped");
    expect(cli(skipped, clean).status).toBe(0);
    expect(cli("--fail-on-skip", clean).status).toBe(0);
    expect(cli("--fail-on-skip", clean, path.join(dir, "missing.json")).status).toBe(1);
  });
});
