// What server/tick-shape.ts guards against, made to happen on purpose in a node process started with
// --allow-natives-syntax --expose-gc: ticks, then major GCs with no tick queued, eight times over (what start-up
// and an idle server do), then V8's own report of nextTick's inline caches for the tick object's properties.
// The probe is module source: run at once (`-e`) or on SIGUSR2 inside a running server (`--import`). V8 prints its
// report through C's stdout, which reaches a pipe incompletely and out of order with Node's own writes: point the
// process's stdout at a file and read it once the process has exited.

/** The probe's body: eight rounds of ticks and GCs, then the report between two marker lines. */
function probeBody(): string {
  return `
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 5; i++) process.nextTick(() => {});
      await new Promise((resolve) => setTimeout(resolve, 1));
      globalThis.gc();
      globalThis.gc();
    }
    console.log("nextTick caches:");
    %DebugPrint(process.nextTick);
    console.log("end of nextTick caches");`;
}

/** Module source that runs the probe at once, after `before` (the keeper made, or nothing). */
export function nextTickCacheProbeNow(before = ""): string {
  return `${before}\n${probeBody()}`;
}

/** Module source for `--import`: runs the probe when the process gets SIGUSR2. */
export function nextTickCacheProbeOnSignal(): string {
  return `process.on("SIGUSR2", async () => {${probeBody()}\n});`;
}

/** The states of nextTick's caches for the tick object's properties, from the probe's output (nothing else prints them). */
export function tickPropertyCacheStates(output: string): string[] {
  return [...output.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}
