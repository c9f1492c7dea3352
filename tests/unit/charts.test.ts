// @vitest-environment node
// The committed charts are exactly what the machines generate, so the documentation cannot drift.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { generateCharts } from "../../scripts/charts/generate";
import { describeEvent } from "../../scripts/charts/chart";

const root = path.resolve(__dirname, "../..");

describe("docs/charts", () => {
  it("match what the machines generate (run `npm run charts` after changing a machine)", async () => {
    const generated = await generateCharts(root);
    const committed = existsSync(path.join(root, "docs/charts")) ? readdirSync(path.join(root, "docs/charts")).map((f) => `docs/charts/${f}`) : [];
    expect(committed.sort()).toEqual([...generated.keys()].sort());
    for (const [file, text] of generated) expect(readFileSync(path.join(root, file), "utf8"), file).toBe(text);
  }, 30_000);

  it("name XState's internal events in plain words", () => {
    expect(describeEvent("xstate.done.actor.checkEmail")).toBe("checkEmail done");
    expect(describeEvent("xstate.error.actor.checkEmail")).toBe("checkEmail failed");
    expect(describeEvent("xstate.after.5000.testimonials.showing")).toBe("after 5000 ms");
    expect(describeEvent("")).toBe("(immediately)");
    expect(describeEvent("step.next")).toBe("step.next");
  });
});
