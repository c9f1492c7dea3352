// The spec's maps loader: 3 retries (4 attempts in all), waiting attempt × 2^attempt ms before each retry.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  addressAutocompleteMachine,
  MAX_RETRIES,
  retryDelay,
  type PlacesPort,
} from "#machines/address-autocomplete.machine";

const port: PlacesPort = { suggest: async () => [], details: async () => Promise.reject(new Error("unused")) };

/** Starts the machine with a loader that fails its first `failures` attempts, recording when each attempt starts. */
function startLoading(failures: number) {
  const attempts: Array<{ attempt: number; at: number }> = [];
  const started = Date.now();
  const actor = createActor(
    addressAutocompleteMachine.provide({
      actors: {
        loadPlaces: fromPromise(async ({ input }) => {
          attempts.push({ attempt: input.attempt, at: Date.now() - started });
          if (input.attempt <= failures) throw new Error("The Google Maps JavaScript API could not load.");
          return port;
        }),
      },
    }),
    { input: { apiKey: "maps-key" } },
  );
  actor.start();
  return { actor, attempts };
}

describe("maps loader retries", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("waits 2, 8 and 24 ms: attempt × 2^attempt", () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([2, 8, 24]);
    expect(MAX_RETRIES).toBe(3);
  });

  it("makes 4 attempts at 0, 2, 10 and 34 ms, never sooner, then fails with the alert", async () => {
    const { actor, attempts } = startLoading(Infinity);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("retrying");

    // One millisecond short of each delay, the next attempt has not started.
    for (const [waited, delay] of [[0, 2], [2, 8], [10, 24]] as const) {
      const before = attempts.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(attempts.length, `${delay - 1} ms after attempt ${before}`).toBe(before);
      expect(actor.getSnapshot().value).toBe("retrying");
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts.at(-1)).toEqual({ attempt: before + 1, at: waited + delay });
    }

    expect(attempts).toEqual([
      { attempt: 1, at: 0 },
      { attempt: 2, at: 2 },
      { attempt: 3, at: 10 },
      { attempt: 4, at: 34 },
    ]);
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.message).toBe("loadFailed");
    expect(actor.getSnapshot().hasTag("manual")).toBe(true);

    // Nothing more is tried.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toHaveLength(4);
  });

  it("is ready after the last retry succeeds, without the alert", async () => {
    const { actor, attempts } = startLoading(3);
    await vi.advanceTimersByTimeAsync(34);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(actor.getSnapshot().context.places).toBe(port);
  });

  it("is ready at once when the first attempt succeeds", async () => {
    const { actor, attempts } = startLoading(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual([{ attempt: 1, at: 0 }]);
    expect(actor.getSnapshot().matches("ready")).toBe(true);
  });
});
