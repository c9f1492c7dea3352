// @vitest-environment node
// The documents inside the repository stay citable: every decision record is numbered once, with its date and
// status, and every rule id the code cites (product.md SU-3, …) is a rule of docs/product.md; comments cite
// those ids, not the spec's sections or decisions.md, which a newcomer does not have.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const decisionsDir = path.join(root, "docs/decisions");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    // The folders tests/unit/lint-boundaries.test.ts writes and removes while this file loads are not source.
    if (name === "node_modules" || name.startsWith("__lint_fixture_")) return [];
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [file] : [];
  });
}
const code = ["src", "machines", "server", "tests", "e2e", "scripts", "public"].flatMap((dir) => sourceFiles(path.join(root, dir)));

describe("decision records", () => {
  const records = readdirSync(decisionsDir).filter((name) => name.endsWith(".md")).sort();

  it("are numbered 001, 002, … once each, the number in the name and the title", () => {
    expect(records.length).toBeGreaterThan(0);
    records.forEach((name, index) => {
      const number = String(index + 1).padStart(3, "0");
      expect(name).toMatch(new RegExp(`^${number}-[a-z0-9-]+\\.md$`));
      expect(readFileSync(path.join(decisionsDir, name), "utf8").split("\n")[0]).toMatch(new RegExp(`^# ${number} · \\S`));
    });
  });

  it("each say their date and status", () => {
    for (const name of records) {
      const third = readFileSync(path.join(decisionsDir, name), "utf8").split("\n")[2];
      expect(third, name).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|proposed|superseded by \d{3}|deprecated)$/);
    }
  });
});

describe("the code's citations", () => {
  const productRules = readFileSync(path.join(root, "docs/product.md"), "utf8");
  const rules = new Set([...productRules.matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm)].map((m) => m[1]!));
  // "product.md SU-3", "product.md PLAN-1, PLAN-3", "SU-1 to SU-6", "(PAY-4)" after a product.md citation in the same sentence.
  const citations = code.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/product\.md[ ,(]*((?:[A-Z]+-\d+(?:[ ,/]+(?:and |to )?)?)+)/g)].flatMap((citation) =>
      (citation[1]!.match(/[A-Z]+-\d+/g) ?? []).map((id) => ({ id, file: path.relative(root, file) })),
    ),
  );

  it("name rules that docs/product.md defines (a struck-through rule is no longer one)", () => {
    expect(rules.size).toBeGreaterThan(20);
    expect(citations.filter(({ id }) => !rules.has(id)).map(({ id, file }) => `${file}: ${id}`)).toEqual([]);
  });

  it("reach every rule in force: each is cited where the code carries it out", () => {
    const cited = new Set(citations.map(({ id }) => id));
    expect([...rules].filter((id) => !cited.has(id))).toEqual([]);
  });

  it("keep struck-through rules pointing to what replaced them", () => {
    const struck = [...productRules.matchAll(/^- ~~\*\*([A-Z]+-\d+)\*\*[^]*?~~ Replaced by ([A-Z]+-\d+)\./gm)];
    expect(struck.length).toBe([...productRules.matchAll(/^- ~~/gm)].length);
    for (const [, id, replacement] of struck) expect(rules.has(replacement!), `${id} → ${replacement}`).toBe(true);
  });

  it("cite product.md and the numbered decisions, never the spec's sections or decisions.md", () => {
    const stale = code
      .filter((file) => file !== __filename)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, at: `${path.relative(root, file)}:${index + 1}` }))
          .filter(({ line }) => /spec section|decisions\.md/i.test(line))
          .map(({ at }) => at),
      );
    expect(stale).toEqual([]);
  });
});
