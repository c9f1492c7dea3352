// Keeps Node's `process.nextTick` on V8's fast path for the life of the server.
//
// nextTick queues each callback as an object literal keyed by Node's internal symbols. V8 holds the shape (map)
// of that literal only weakly, so a major GC that finds no tick queued (during start-up, or on an idle server)
// drops it and the next tick builds a new one. After a few such GCs the literal's inline caches have seen too
// many shapes and stay megamorphic for good: every nextTick then defines its properties through V8's runtime
// (about 300 ns instead of 60 on this project's machines), and Node's HTTP server calls nextTick several times
// a request. One of those objects, kept alive, keeps the shape and the caches stable.
//
// The object is nextTick's own, so its shape is right on every Node version (Node 24's has a third symbol that
// nothing public carries). Inside a tick's callback, `executionAsyncResource()` is that tick's object. Calling
// it makes Node pass each native callback's resource through a JavaScript trampoline from then on: measured
// within the noise of the requests-a-second bench, against about 5 µs a request saved.
import { executionAsyncResource } from "node:async_hooks";

let kept: Promise<object> | undefined;

/** Captures one of nextTick's own queued objects, once, and keeps it for good; resolves with it. */
export function keepTickShape(): Promise<object> {
  kept ??= new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
  return kept;
}
