// `npm run test:paths` (QA): the generated path tests, machine level and browser level, then per machine the
// paths run and the states and transitions covered out of the machine's own totals.
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { machineCoverageReport } from "./machine-coverage.mjs";

rmSync("test-results/machine-paths", { recursive: true, force: true });
rmSync("test-results/browser-coverage", { recursive: true, force: true });

console.log("=== machine-level path tests (tests/machines)");
const unit = spawnSync("npx", ["vitest", "run", "--project", "unit", "tests/machines"], { stdio: "inherit" });

const pathSpecs = readdirSync("e2e").filter((f) => /paths?\.spec\.ts$/.test(f)).map((f) => `e2e/${f}`);
console.log(`\n=== browser-level generated path tests (${pathSpecs.join(", ") || "none"})`);
spawnSync("npx", ["lingui", "compile", "--typescript"], { stdio: "inherit" });
spawnSync("npx", ["vite", "build"], { stdio: "inherit" });
const browser = pathSpecs.length ? spawnSync("npx", ["playwright", "test", ...pathSpecs], { stdio: "inherit" }) : { status: 0 };

const { lines, problems } = machineCoverageReport({ requireBrowser: false });
console.log("\n=== Coverage per machine (totals read from the machine definitions)");
lines.forEach((l) => console.log(l));
problems.forEach((p) => console.log(`MISSING ${p}`));
const failed = unit.status !== 0 || browser.status !== 0 || problems.length > 0;
console.log(failed ? "path tests: FAILED" : "path tests: full state and transition coverage");
process.exit(failed ? 1 : 0);
