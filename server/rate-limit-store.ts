// Fixed-window call counters for the rate limits (server/plugins/rate-limit.ts): in this process's memory, or in
// Redis to share them between processes.
import type { Redis } from "ioredis";

/** The calls counted on a key in its current window, and the milliseconds left of it; an error when none could be counted. */
export type Counted = (error: Error | null, calls: number, msLeft: number) => void;

export interface RateLimitStore {
  /** Counts one call on the key; a new window of windowMs starts with the first call after the last one ended. */
  incr(key: string, windowMs: number, counted: Counted): void;
}

export function memoryStore({ maxKeys = 50_000, now = Date.now }: { maxKeys?: number; now?: () => number } = {}): RateLimitStore {
  // In the order the windows started (a new window is inserted anew), so the oldest come first.
  const windows = new Map<string, { calls: number; end: number }>();
  const makeRoom = (time: number) => {
    for (const [key, window] of windows) if (window.end <= time) windows.delete(key);
    // Down to 90 %, so that a flood of new keys scans the map once per tenth of it rather than on every call.
    for (const key of windows.keys()) {
      if (windows.size <= maxKeys * 0.9) break;
      windows.delete(key);
    }
  };
  return {
    incr(key, windowMs, counted) {
      const time = now();
      let window = windows.get(key);
      if (window === undefined || window.end <= time) {
        windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(time);
        window = { calls: 0, end: time + windowMs };
        windows.set(key, window);
      }
      counted(null, ++window.calls, window.end - time);
    },
  };
}

/** Counts and sets the window on the first call in one step: two processes never both start a window. */
const countScript = `
local calls = redis.call('INCR', KEYS[1])
local msLeft = redis.call('PTTL', KEYS[1])
if msLeft < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  msLeft = tonumber(ARGV[1])
end
return {calls, msLeft}`;

export const redisKeyPrefix = "freshfold:rate-limit:";

type CountingRedis = Redis & {
  freshfoldRateLimit(key: string, windowMs: number, callback: (error: Error | null | undefined, reply?: [number, number]) => void): void;
};

export function redisStore(redis: Redis): RateLimitStore {
  redis.defineCommand("freshfoldRateLimit", { numberOfKeys: 1, lua: countScript });
  const counting = redis as CountingRedis;
  return {
    incr(key, windowMs, counted) {
      // While Redis is unreachable each command would wait out its timeout: the call is let through at once instead.
      if (redis.status !== "ready") return counted(new Error(`Redis is ${redis.status}`), 0, 0);
      counting.freshfoldRateLimit(redisKeyPrefix + key, windowMs, (error, reply) => {
        if (error || !reply) counted(error ?? new Error("no reply from Redis"), 0, 0);
        else counted(null, reply[0], reply[1]);
      });
    },
  };
}
