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
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sourceFiles(file);
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
  const rules = new Set([...readFileSync(path.join(root, "docs/product.md"), "utf8").matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm)].map((m) => m[1]));

  it("name rules that docs/product.md defines", () => {
    expect(rules.size).toBeGreaterThan(20);
    const unknown: string[] = [];
    for (const file of code) {
      const text = readFileSync(file, "utf8");
      // "product.md SU-3", "product.md PLAN-1, PLAN-3", "(PAY-4)" after a product.md citation in the same sentence.
      for (const citation of text.matchAll(/product\.md[ ,(]*((?:[A-Z]+-\d+(?:[ ,/]+(?:and )?)?)+)/g)) {
        for (const id of citation[1]!.match(/[A-Z]+-\d+/g) ?? []) if (!rules.has(id)) unknown.push(`${path.relative(root, file)}: ${id}`);
      }
    }
    expect(unknown).toEqual([]);
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
