// A sign-up check that never answers (a stalled phone connection) is given up after CHECK_DEADLINE_MS, so the
// wizard moves on as for any failed check (product.md SU-3); one that answers in time is untouched.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHECK_DEADLINE_MS } from "../../src/api/deadline";
import { createApiClient } from "../../src/api/client";

/** A fetch that answers only when told to, and rejects as fetch does when its signal is aborted. */
function heldFetch() {
  let answer: (response: Response) => void = () => {};
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        answer = resolve;
        init.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      }),
  );
  return { fetch: fetch as unknown as typeof globalThis.fetch, answer: (body: unknown) => answer(new Response(JSON.stringify(body), { status: 200 })) };
}

describe("the sign-up checks' deadline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fails a check that has not answered after the deadline, not before", async () => {
    const held = heldFetch();
    const api = createApiClient({ baseUrl: "/api", fetch: held.fetch });
    const outcome = api.call("emailExists", { params: { email: "ana@example.com" }, signal: new AbortController().signal, deadlineMs: CHECK_DEADLINE_MS });
    const settled = vi.fn();
    outcome.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CHECK_DEADLINE_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("lets an answer in time through, and leaves no timer behind", async () => {
    const held = heldFetch();
    const api = createApiClient({ baseUrl: "/api", fetch: held.fetch });
    const outcome = api.call("emailExists", { params: { email: "ana@example.com" }, signal: new AbortController().signal, deadlineMs: CHECK_DEADLINE_MS });
    await vi.advanceTimersByTimeAsync(CHECK_DEADLINE_MS / 2);
    held.answer({ exists: true });
    await expect(outcome).resolves.toEqual({ exists: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("still stops at once when the machine stops the check (a newer input)", async () => {
    const held = heldFetch();
    const api = createApiClient({ baseUrl: "/api", fetch: held.fetch });
    const machine = new AbortController();
    const outcome = api.call("serviceArea", { params: { area: "33131" }, signal: machine.signal, deadlineMs: CHECK_DEADLINE_MS });
    machine.abort(new DOMException("replaced", "AbortError"));
    await expect(outcome).rejects.toMatchObject({ name: "AbortError" });
    expect(vi.getTimerCount()).toBe(0);
  });
});
