// @vitest-environment node
// The boundaries eslint.config.js enforces: lint is fed bad files (a feature importing another feature, a
// shared module importing a feature, the contract or the domain importing past them, an import cycle, also through
// the #… subpath imports) and must name each; a file inside the rules passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";

const root = path.resolve(__dirname, "../..");
// Real files (the cycle rule resolves imports on disk), in a folder of their own, removed afterwards. Other test
// files run meanwhile: those that walk src/ skip every __lint_fixture_*__ folder (lingui.config.ts, docs.test.ts).
const dir = path.join(root, "src/support", `__lint_fixture_${process.pid}__`);
const file = (name: string, text: string) => {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

async function problems(files: string[]): Promise<Array<{ file: string; rule: string | null; message: string }>> {
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => ({ file: path.basename(r.filePath), rule: m.ruleId, message: m.message })));
}

describe("lint boundaries", () => {
  beforeAll(() => mkdirSync(dir, { recursive: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a feature importing another feature", async () => {
    const bad = file("cross-feature.ts", 'import { checkoutErrorText } from "../../signup/signup-messages";\nexport const f = checkoutErrorText;\n');
    const found = await problems([bad]);
    expect(found).toEqual([expect.objectContaining({ rule: "import-x/no-restricted-paths", message: expect.stringContaining("src/support may import only") })]);
  }, 120_000);

  it("refuses an import cycle", async () => {
    const a = file("cycle-a.ts", 'import { b } from "./cycle-b";\nexport const a = () => b();\n');
    const b = file("cycle-b.ts", 'import { a } from "./cycle-a";\nexport const b = (): unknown => a;\n');
    const found = await problems([a, b]);
    expect(found.filter((p) => p.rule === "import-x/no-cycle").map((p) => p.file).sort()).toEqual(["cycle-a.ts", "cycle-b.ts"]);
  }, 120_000);

  it("refuses a shared module importing a feature", async () => {
    // The fixture sits in a feature folder; a file of its own under src/ui stands for any shared module.
    const uiDir = path.join(root, "src/ui", `__lint_fixture_${process.pid}__`);
    mkdirSync(uiDir, { recursive: true });
    try {
      const bad = path.join(uiDir, "imports-feature.ts");
      writeFileSync(bad, 'import { Logo } from "../../shell/logo";\nexport const l = Logo;\n');
      const found = await problems([bad]);
      expect(found).toEqual([expect.objectContaining({ rule: "import-x/no-restricted-paths", message: expect.stringContaining("src/ui is shared") })]);
    } finally {
      rmSync(uiDir, { recursive: true, force: true });
    }
  }, 120_000);

  // The contract and the domain are the bottom of the arrows; lint resolves the #… subpath imports
  // (package.json "imports") like relative ones, so an alias hides no boundary.
  const inFoundation = (module: string, name: string, text: string) => {
    const fixtureDir = path.join(root, "src", module, `__lint_fixture_${process.pid}__`);
    mkdirSync(fixtureDir, { recursive: true });
    writeFileSync(path.join(fixtureDir, name), text);
    return path.join(fixtureDir, name);
  };
  afterAll(() => {
    for (const module of ["contract", "domain"]) rmSync(path.join(root, "src", module, `__lint_fixture_${process.pid}__`), { recursive: true, force: true });
  });

  it("refuses the contract importing the domain rules, even through #domain", async () => {
    const bad = inFoundation("contract", "imports-domain.ts", 'import { renewalDate } from "#domain/plan";\nexport const r = renewalDate;\n');
    const found = await problems([bad]);
    expect(found).toEqual([expect.objectContaining({ rule: "import-x/no-restricted-paths", message: expect.stringContaining("src/contract may import only") })]);
  }, 120_000);

  it("refuses the domain rules importing a view module or a machine", async () => {
    const bad = inFoundation(
      "domain",
      "imports-views.ts",
      'import { Button } from "../../ui/button";\nimport { signupMachine } from "#machines/signup.machine";\nexport const both = [Button, signupMachine];\n',
    );
    const found = await problems([bad]);
    expect(found).toHaveLength(2);
    expect(found.map((p) => p.message)).toEqual(
      expect.arrayContaining([expect.stringContaining("src/domain may import only"), expect.stringContaining("src/domain may not import the machines")]),
    );
  }, 120_000);

  it("refuses browser code importing the server, through #server too", async () => {
    const bad = file("imports-server.ts", 'import { loadConfig } from "#server/config";\nexport const c = loadConfig;\n');
    const found = await problems([bad]);
    expect(found).toEqual([expect.objectContaining({ rule: "import-x/no-restricted-paths", message: expect.stringContaining("Browser code may not import server/") })]);
  }, 120_000);

  it("refuses a cycle through the subpath imports", async () => {
    const fixture = `__lint_fixture_${process.pid}__`;
    const a = inFoundation("domain", "alias-cycle-a.ts", `import { b } from "#domain/${fixture}/alias-cycle-b";\nexport const a = () => b();\n`);
    const b = inFoundation("domain", "alias-cycle-b.ts", `import { a } from "#domain/${fixture}/alias-cycle-a";\nexport const b = (): unknown => a;\n`);
    const found = await problems([a, b]);
    expect(found.filter((p) => p.rule === "import-x/no-cycle").map((p) => p.file).sort()).toEqual(["alias-cycle-a.ts", "alias-cycle-b.ts"]);
  }, 120_000);

  it("lets a feature import its own files, the shared modules, the machines and the contract", async () => {
    const good = file(
      "allowed.ts",
      [
        'import { maskEmail } from "../../inspection/masking";',
        'import { errorCodes } from "#contract/common";',
        'import { renewalDate } from "#domain/plan";',
        'import { newsletterMachine } from "#machines/newsletter.machine";',
        'import { createReplay } from "../replay";',
        "export const all = [maskEmail, errorCodes, renewalDate, newsletterMachine, createReplay];",
        "",
      ].join("\n"),
    );
    expect(await problems([good])).toEqual([]);
  }, 120_000);
});
