// The rate limits' fixed-window counters (server/rate-limit-store.ts): in memory, and the Redis script against
// the real Redis of 127.0.0.1:6379 (skipped when it is down, as in tests/server/guards.test.ts).
import { afterAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { memoryStore, redisKeyPrefix, redisStore, type RateLimitStore } from "#server/rate-limit-store";

const MINUTE = 60_000;

/** The store's answer for one call on the key, as [calls, msLeft]. */
const hit = (store: RateLimitStore, key: string, windowMs = MINUTE) =>
  new Promise<[number, number]>((resolve, reject) =>
    store.incr(key, windowMs, (error, calls, msLeft) => (error ? reject(error) : resolve([calls, msLeft]))),
  );

describe("the in-memory counter", () => {
  it("counts each key in a fixed window of its own, which starts again after 60 s", async () => {
    let time = 1_000_000;
    const store = memoryStore({ now: () => time });
    expect(await hit(store, "a")).toEqual([1, MINUTE]);
    time += 20_000;
    expect(await hit(store, "a")).toEqual([2, 40_000]);
    expect(await hit(store, "b")).toEqual([1, MINUTE]);
    time += 39_999;
    expect(await hit(store, "a")).toEqual([3, 1]);
    time += 1;
    expect(await hit(store, "a")).toEqual([1, MINUTE]);
    expect(await hit(store, "b")).toEqual([2, 20_000]);
  });

  it("keeps at most 50,000 keys: past that, the oldest windows are dropped", async () => {
    const store = memoryStore({ now: () => 0 });
    for (let i = 0; i < 50_000; i++) await hit(store, `key ${i}`);
    expect(await hit(store, "key 0")).toEqual([2, MINUTE]);
    await hit(store, "one too many");
    expect(await hit(store, "key 0"), "the oldest window, though called since").toEqual([1, MINUTE]);
    expect(await hit(store, "key 49999")).toEqual([2, MINUTE]);
  });

  it("when full, drops the ended windows first, then the oldest", async () => {
    let time = 0;
    const store = memoryStore({ maxKeys: 4, now: () => time });
    await hit(store, "a");
    await hit(store, "short", 1000);
    for (const key of ["c", "d"]) await hit(store, key);
    time = 2000;
    // Only the short window has ended: making room for e drops it and keeps a, the oldest.
    await hit(store, "e");
    expect(await hit(store, "a")).toEqual([2, 58_000]);
    // Nothing has ended: making room for f drops the oldest, a.
    await hit(store, "f");
    expect(await hit(store, "c")).toEqual([2, 58_000]);
    expect(await hit(store, "a")).toEqual([1, MINUTE]);
  });
});

const redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(() => (redisUp ? redis.quit() : redis.disconnect()));

describe.skipIf(!redisUp)("the Redis counter", () => {
  const key = () => `test:${randomUUID()}`;

  it("counts in one script: the first call sets the window's expiry, the next ones report what is left of it", async () => {
    const store = redisStore(redis);
    const name = key();
    const [calls, msLeft] = await hit(store, name);
    expect(calls).toBe(1);
    expect(msLeft).toBe(MINUTE);
    const ttl = await redis.pttl(redisKeyPrefix + name);
    expect(ttl).toBeGreaterThan(MINUTE - 1000);
    expect(ttl).toBeLessThanOrEqual(MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [second, left] = await hit(store, name);
    expect(second).toBe(2);
    // The window is not moved on by a later call.
    expect(left).toBeLessThanOrEqual(MINUTE - 40);
    expect(left).toBeGreaterThan(MINUTE - 5000);
    expect(await redis.get(redisKeyPrefix + name)).toBe("2");
  });

  it("starts a new window once the last one has expired", async () => {
    const store = redisStore(redis);
    const name = key();
    // A second's window: the two calls must fall in the same one even on a loaded machine.
    expect((await hit(store, name, 1000))[0]).toBe(1);
    expect((await hit(store, name, 1000))[0]).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await hit(store, name, 1000)).toEqual([1, 1000]);
  });

  it("gives a counter found without an expiry one, so that it cannot count for ever", async () => {
    const store = redisStore(redis);
    const name = key();
    await redis.set(redisKeyPrefix + name, "7");
    expect(await hit(store, name)).toEqual([8, MINUTE]);
    expect(await redis.pttl(redisKeyPrefix + name)).toBeGreaterThan(0);
  });

  it("answers an error, not a count, when Redis cannot be reached", async () => {
    const down = new Redis({ host: "127.0.0.1", port: 1, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on("error", () => {});
    await expect(hit(redisStore(down), key())).rejects.toThrow();
    down.disconnect();
  });
});
