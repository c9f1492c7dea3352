// @vitest-environment node
// The message catalogs: in step with the source, and every message has a real Spanish translation.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PO from "pofile";
import { formatHour } from "../../src/config/brand";

const root = path.resolve(__dirname, "../..");
const catalogNames = readdirSync(path.join(root, "locales/en")).filter((f) => f.endsWith(".po")).map((f) => f.replace(/\.po$/, ""));

/** Spanish that may equal the English: brand and proper names, and words Spanish borrows as they are. */
const sameInBothLanguages = new Set([
  "Email", "Blog", "FreshFold Laundry", "Airbnb", "Brickell", "South Beach", "Coral Gables", "Coconut Grove", "Wynwood",
  "Downtown", "Doral", "Stripe", "OK", "Test mode",
]);

function read(language: string, name: string) {
  return PO.parse(readFileSync(path.join(root, "locales", language, `${name}.po`), "utf8"));
}

describe("message catalogs", () => {
  it("put one period after an hour that ends a Spanish sentence (es-US writes 9 p.m.; never p.m..)", () => {
    expect(formatHour(21, "es")).toMatch(/\.$/);
    for (const name of catalogNames) {
      for (const item of read("es", name).items) {
        expect(item.msgstr.join(""), `locales/es/${name}.po: ${item.msgid}`).not.toMatch(/\{(?:pickup|delivery)(?:From|To)\}\./);
      }
    }
  });

  it("match a fresh extraction of the source", () => {
    const out = mkdtempSync(path.join(tmpdir(), "lingui-"));
    const config = readFileSync(path.join(root, "lingui.config.ts"), "utf8").replace("<rootDir>/locales/", `${out}/`);
    const configFile = path.join(root, `lingui.check-${process.pid}.config.ts`);
    writeFileSync(configFile, config);
    try {
      const result = spawnSync("npx", ["lingui", "extract", "--config", configFile], { cwd: root, encoding: "utf8" });
      expect(result.status, result.stderr).toBe(0);
    } finally {
      spawnSync("rm", ["-f", configFile]);
    }
    for (const name of catalogNames) {
      const fresh = PO.parse(readFileSync(path.join(out, "en", `${name}.po`), "utf8"));
      const ids = (po: PO) => po.items.filter((i) => !i.obsolete).map((i) => i.msgid).sort();
      expect(ids(read("en", name)), `locales/en/${name}.po is stale: run npm run i18n:extract`).toEqual(ids(fresh));
      expect(ids(read("es", name)), `locales/es/${name}.po is stale: run npm run i18n:extract`).toEqual(ids(fresh));
    }
  }, 60_000);

  it("never give one message two different Spanish translations (the site merges its catalogs)", () => {
    const seen = new Map<string, { spanish: string; catalog: string }>();
    const conflicts: string[] = [];
    for (const name of catalogNames.filter((n) => !["mail", "payments"].includes(n))) {
      for (const item of read("es", name).items) {
        const key = `${item.msgctxt ?? ""}\u0004${item.msgid}`;
        const spanish = item.msgstr.join("");
        const before = seen.get(key);
        if (before && before.spanish !== spanish) {
          conflicts.push(`${JSON.stringify(item.msgid)}: ${before.catalog} says ${JSON.stringify(before.spanish)}, ${name} says ${JSON.stringify(spanish)}`);
        }
        if (!before) seen.set(key, { spanish, catalog: name });
      }
    }
    expect(conflicts, "give one of them a context (t({ message, context }))").toEqual([]);
  });

  it("have a Spanish translation for every message, not a copy of the English", () => {
    const problems: string[] = [];
    for (const name of catalogNames) {
      // With explicit ids (server texts) the English is the en catalog's msgstr; otherwise the msgid.
      const english = new Map(read("en", name).items.map((i) => [i.msgid, i.msgstr.join("") || i.msgid]));
      for (const item of read("es", name).items) {
        const spanish = item.msgstr.join("");
        const source = english.get(item.msgid) ?? item.msgid;
        if (!spanish.trim()) problems.push(`${name}: missing Spanish for ${JSON.stringify(item.msgid)}`);
        else if (spanish === source && !sameInBothLanguages.has(source) && /[a-z]{3}/i.test(source)) {
          problems.push(`${name}: Spanish repeats the English ${JSON.stringify(source)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
