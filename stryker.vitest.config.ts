// The tests Stryker runs for `npm run test:mutation` (stryker.config.mjs): the unit and machine tests, and the
// server tests of the server's rule modules (pickup days, holds, dates) on PGlite in memory.
// MUTATION_SERVER_TESTS=0 leaves the server tests out: a quicker run for the client's modules, since a mutant
// in module-level code (a zod schema) reruns every test that imports it, the PGlite ones included.
// MUTATION_TESTS=<glob>,<glob> runs only those unit and machine test files instead of all of them: a focused run
// for a module that nearly every test imports (src/contract/, signup-form.ts, the signup machine), whose
// module-level mutants each rerun every related test file. Fewer tests can only lower the score, never raise it.
import { defineConfig } from "vitest/config";
import base from "./vite.config";

const unit = {
  extends: true as const,
  test: {
    name: "unit",
    environment: "happy-dom" as const,
    include: process.env.MUTATION_TESTS?.split(",").map((glob) => glob.trim()).filter(Boolean) ?? [
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/machines/**/*.test.{ts,tsx}",
    ],
    // It runs Vitest itself on fixtures, and tests scripts/, which Stryker does not mutate.
    exclude: ["tests/unit/test-verdict.test.ts"],
    setupFiles: ["tests/setup-dom.ts"],
  },
};

const serverRules = {
  extends: true as const,
  test: {
    name: "server-rules",
    environment: "node" as const,
    include: ["tests/server/availability.test.ts", "tests/server/pickup-*.test.ts"],
    // Each test opens its own PGlite, from a migrated template written once per run; Stryker runs them beside
    // everything else on a shared machine.
    globalSetup: ["tests/server/helpers/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};

// The site's plugins (React with the Lingui macro), and these projects instead of the site's.
export default defineConfig({
  plugins: base.plugins,
  test: { projects: process.env.MUTATION_SERVER_TESTS === "0" ? [unit] : [unit, serverRules] },
});
