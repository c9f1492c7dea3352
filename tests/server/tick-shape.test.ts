// server/tick-shape.ts: V8 holds the shape of Node's tick objects only weakly, and GCs with no tick queued make
// process.nextTick's caches for them megamorphic for good (every later nextTick then goes through V8's runtime).
// The keeper holds one of nextTick's own objects, and with it the shape. Both sides are checked in fresh node
// processes, from V8's own report of the caches (--allow-natives-syntax), never from a time. The bundle `npm start`
// runs is checked in built-server.test.ts.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { nextTickCacheProbeNow, tickPropertyCacheStates } from "./helpers/next-tick-caches";

const project = path.resolve(import.meta.dirname, "../..");
const tickShapeModule = pathToFileURL(path.join(project, "server/tick-shape.ts")).href;

async function cacheStatesAfterIdleGcs(before: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "tick-shape-"));
  const outFile = path.join(dir, "stdout.txt");
  const out = openSync(outFile, "w");
  try {
    const args = ["--allow-natives-syntax", "--expose-gc", "--import", "tsx", "--input-type=module", "-e", nextTickCacheProbeNow(before)];
    const child = spawn(process.execPath, args, { cwd: project, env: { ...process.env, NODE_OPTIONS: "" }, stdio: ["ignore", out, "inherit"] });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    return tickPropertyCacheStates(readFileSync(outFile, "utf8"));
  } finally {
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the tick shape keeper", () => {
  it("without it, ticks between GCs leave nextTick's caches for the tick object megamorphic (the defect it guards)", async () => {
    // When this fails, this Node's V8 no longer loses the shape: server/tick-shape.ts may no longer be needed.
    const states = await cacheStatesAfterIdleGcs("");
    // One cache a property: four on Node 20, five on Node 24.
    expect(states.length).toBeGreaterThanOrEqual(4);
    expect(states).toContain("MEGAMORPHIC");
  }, 60_000);

  it("with it, the same ticks and GCs leave every one of those caches monomorphic", async () => {
    const states = await cacheStatesAfterIdleGcs(`import { keepTickShape } from ${JSON.stringify(tickShapeModule)}; await keepTickShape();`);
    expect(states.length).toBeGreaterThanOrEqual(4);
    expect(states.filter((state) => state !== "MONOMORPHIC"), states.join(", ")).toEqual([]);
  }, 60_000);

  it("keeps one of nextTick's own objects, one however often it is called", async () => {
    const { keepTickShape } = await import("../../server/tick-shape");
    const first = await keepTickShape();
    // A tick's object: its callback and arguments beside Node's symbols (not some other async resource).
    expect(Reflect.ownKeys(first)).toEqual(expect.arrayContaining(["callback", "args"]));
    expect(Object.getOwnPropertySymbols(first).map((symbol) => symbol.description)).toEqual(
      expect.arrayContaining(["async_id_symbol", "trigger_async_id_symbol"]),
    );
    expect(await keepTickShape()).toBe(first);
  });
});
