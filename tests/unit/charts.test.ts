// @vitest-environment node
// The committed charts are exactly what the machines generate, so the documentation cannot drift; every
// state, transition, guard and actor says in words what it is; the sign-up reads steps 1 to 6 in order.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setup } from "xstate";
import { generateCharts } from "../../scripts/charts/generate";
import { findMachines } from "../../scripts/charts/machines";
import { describeEvent, describeGuard, missingDescriptions, toMarkdown } from "../../scripts/charts/chart";

const root = path.resolve(__dirname, "../..");
// findMachines imports the machines by path, which Vitest's `related` (how Stryker picks the tests to run for a
// mutant) cannot follow: this glob names them as this file's dependencies, so a machine's mutants run these tests.
void import.meta.glob("../../machines/*.machine.ts");

describe("docs/charts", () => {
  it("match what the machines generate (run `npm run charts` after changing a machine)", async () => {
    const generated = await generateCharts(root);
    const committed = existsSync(path.join(root, "docs/charts")) ? readdirSync(path.join(root, "docs/charts")).map((f) => `docs/charts/${f}`) : [];
    expect(committed.sort()).toEqual([...generated.keys()].sort());
    for (const [file, text] of generated) expect(readFileSync(path.join(root, file), "utf8"), file).toBe(text);
  }, 30_000);

  it("describe every state, transition, guard, actor, event and named delay of every machine", async () => {
    const machines = await findMachines(root);
    expect(machines.length).toBeGreaterThanOrEqual(8);
    const missing = Object.fromEntries(machines.map(({ name, machine }) => [name, missingDescriptions(machine)]));
    expect(missing).toEqual(Object.fromEntries(machines.map(({ name }) => [name, []])));
  }, 30_000);

  it("find what a machine leaves undescribed", () => {
    const machine = setup({
      guards: { ready: () => true },
      actors: {},
    }).createMachine({
      id: "m",
      description: "A test machine.",
      meta: { events: { go: "Go is pressed" } },
      initial: "a",
      states: {
        a: { description: "Waiting.", on: { go: { guard: "ready", target: "b" }, stop: { target: "b", description: "Stops." } } },
        b: {},
      },
    });
    expect(missingDescriptions(machine)).toEqual(["transition a on go [ready]", "event stop", "state b", "guard ready"]);
  });

  it("show the sign-up steps 1 to 6 in order: in the diagram's states and edges and in the tables", async () => {
    const signup = (await findMachines(root)).find((m) => m.name === "signup")!;
    const markdown = toMarkdown(signup.name, signup.file, signup.machine);
    const steps = [1, 2, 3, 4, 5, 6];
    const [diagram = "", tables = ""] = markdown.split("```mermaid\n")[1]!.split("\n```");
    const declared = [...diagram.matchAll(/^\s*state "Step (\d)/gm)].map((m) => Number(m[1]));
    expect(declared).toEqual(steps);
    // The wizard's opening decision draws its edges step 1 first, whatever order the machine checks them in.
    const opening = [...diagram.matchAll(/^\s*s_signup_start --> s_signup_step(\d) /gm)].map((m) => Number(m[1]));
    expect(opening).toEqual(steps);
    const rows = [...tables.matchAll(/^\| Step (\d):/gm)].map((m) => Number(m[1]));
    expect(rows).toEqual(steps);
    // Each step's own transitions come after the previous step's.
    const lines = tables.split("## Transitions")[1]!.split("\n");
    const firstRow = steps.map((n) => lines.findIndex((line) => line.startsWith(`| \`step${n}`)));
    expect(firstRow.every((at) => at > 0)).toBe(true);
    expect([...firstRow].sort((a, b) => a - b)).toEqual(firstRow);
  });

  it("say when and if in words, not code names", () => {
    const words = { events: { "step.next": "Continue is pressed" }, actors: { checkEmail: { name: "the e-mail check", description: "Asks." } } };
    expect(describeEvent("xstate.done.actor.checkEmail", words)).toBe("the e-mail check answers");
    expect(describeEvent("xstate.error.actor.checkEmail", words)).toBe("the e-mail check fails");
    expect(describeEvent("xstate.after.5000.testimonials.showing")).toBe("after 5 seconds");
    expect(describeEvent("xstate.after.retryDelay.x.y", { delays: { retryDelay: "the retry wait" } })).toBe("after the retry wait");
    expect(describeEvent("")).toBe("at once");
    expect(describeEvent("step.next", words)).toBe("Continue is pressed");
    const guards = { guards: { a: "A holds", b: "B holds", onStep: "on step {step}" } };
    expect(describeGuard({ type: "onStep", params: { step: 4 } }, guards)).toBe("on step 4");
    expect(describeGuard("a", guards)).toBe("A holds");
  });

  it("never leave a description cell of the sign-up empty", async () => {
    const markdown = readFileSync(path.join(root, "docs/charts/signup.md"), "utf8");
    const rows = markdown.split("\n").filter((line) => line.startsWith("| `") || line.startsWith("| Step") || line.startsWith("| (any"));
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) expect(row, row).not.toMatch(/\|\s+\|/);
  });
});
