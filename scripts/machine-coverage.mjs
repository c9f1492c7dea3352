// Reads what the path tests wrote: machine-level coverage (tests/machines via describeCoverage) and the
// states the real machines reached in the browser suite (e2e/fixtures.ts), and reports both per machine.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const readJsonDir = (dir) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8"))) : [];

/** @returns {{ lines: string[], problems: string[] }} */
export function machineCoverageReport({ requireBrowser }) {
  const machineLevel = readJsonDir("test-results/machine-paths");
  const browser = new Map();
  for (const reached of readJsonDir("test-results/browser-coverage")) {
    for (const [machine, states] of Object.entries(reached)) {
      const set = browser.get(machine) ?? new Set();
      states.forEach((s) => set.add(s));
      browser.set(machine, set);
    }
  }
  const lines = [];
  const problems = [];
  for (const m of machineLevel.sort((a, b) => a.machine.localeCompare(b.machine))) {
    const allStates = m.states.total;
    const reachable = m.states.covered;
    let line = `${m.machine}: ${m.paths} paths, states ${m.states.covered}/${allStates}, transitions ${m.transitions.covered}/${m.transitions.total}`;
    if (m.states.missing.length) problems.push(`${m.machine}: machine-level paths miss states ${m.states.missing.join(", ")}`);
    if (m.transitions.missing.length) problems.push(`${m.machine}: machine-level paths miss transitions ${m.transitions.missing.join(", ")}`);
    if (requireBrowser) {
      const seen = browser.get(m.machine) ?? new Set();
      const expected = m.allStateIds ?? [];
      const missing = expected.filter((s) => !seen.has(s));
      line += `; browser reached ${expected.length - missing.length}/${reachable} states`;
      if (missing.length) problems.push(`${m.machine}: the browser suite never reached ${missing.join(", ")}`);
    }
    lines.push(line);
  }
  return { lines, problems };
}
