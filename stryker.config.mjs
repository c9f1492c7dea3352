// `npm run test:mutation` (not part of `npm test`): Stryker mutates the machines and the rule modules and runs
// the tests that cover each mutant (Vitest, stryker.vitest.config.ts: the unit and machine tests, and the
// server tests of the server's rule modules on PGlite). It prints the score per file and fails under 90 %.
// The machine is shared: two test processes at most; incremental mode reuses the last run's results for
// unchanged code and tests (reports/stryker-incremental.json; `-- --force` retests everything).
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "stryker.vitest.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "machines/**/*.ts",
    "src/contract/**/*.ts",
    "src/domain/**/*.ts",
    "server/services/availability.ts",
    "server/services/dates.ts",
  ],
  coverageAnalysis: "perTest",
  concurrency: 2,
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 90, low: 80, break: 90 },
  timeoutMS: 20_000,
  // The first run of every test (to learn which tests cover which mutant) takes minutes on a loaded machine.
  dryRunTimeoutMinutes: 30,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: ["dist", "test-results", "reports", "data", "playwright-report", "coverage", "e2e"],
};
