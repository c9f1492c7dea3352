// The success page's portal asks (src/checkout/checkout-actors.ts): one request key for every ask of the tab's success
// page, so that when the server no longer knows the paying browser and e-mails a sign-in link instead, a retry, the
// press after the load or a reload e-mails nothing more while that link is unused (decision 018); that answer reads
// as null.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, toPromise, type AnyActorLogic } from "xstate";
import { paymentSuccessActors } from "../../src/checkout/checkout-actors";
import { createApiClient } from "../../src/api/client";
import { PORTAL_REQUEST_KEY } from "#domain/signup-storage";

function fakeApi(answers: unknown[]) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(answers.shift()), { status: 200 });
  });
  return { api: createApiClient({ baseUrl: "/api", fetch: fetch as unknown as typeof globalThis.fetch }), urls };
}

const run = (logic: AnyActorLogic, input: unknown) => toPromise(createActor(logic, { input } as never).start());
const keyOf = (url: string) => new URL(url, "http://site.test").searchParams.get("requestId");

describe("the success page's portal asks", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it("carry one key across the page's asks and its reloads in the tab, and another tab's asks another", async () => {
    const { api, urls } = fakeApi([{ sent: true }, { sent: true }, { sent: true }, { portal_url: "https://billing.stripe.com/p/session/1" }]);
    const page = paymentSuccessActors(api);
    await expect(run(page.requestPortal, { email: "ana@example.com" })).resolves.toBeNull();
    await expect(run(page.requestPortal, { email: "ana@example.com" })).resolves.toBeNull();
    // A reload: a new page in the same tab.
    await expect(run(paymentSuccessActors(api).requestPortal, { email: "ana@example.com" })).resolves.toBeNull();
    // Another tab: its own sessionStorage.
    sessionStorage.clear();
    await expect(run(paymentSuccessActors(api).requestPortal, { email: "ana@example.com" })).resolves.toBe("https://billing.stripe.com/p/session/1");
    const [first, second, reloaded, otherTab] = urls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(reloaded).toBe(first);
    // Kept as the tab's other request keys are (src/api/submission-keys.ts): with the address it was made for.
    expect(JSON.parse(sessionStorage.getItem(PORTAL_REQUEST_KEY)!)).toEqual({ input: JSON.stringify("ana@example.com"), key: otherTab });
    expect(otherTab).toMatch(/^[0-9a-f]{32}$/);
    expect(otherTab).not.toBe(first);
  });

  it("a full storage that still holds an older key (another checkout's in the tab): the page keeps its own across its asks, and the older one is not read back", async () => {
    const { api, urls } = fakeApi([{ sent: true }, { sent: true }, { sent: true }]);
    await run(paymentSuccessActors(api).requestPortal, { email: "leo@example.com" });
    const page = paymentSuccessActors(api);
    vi.spyOn(window.sessionStorage, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    await run(page.requestPortal, { email: "ana@example.com" });
    await run(page.requestPortal, { email: "ana@example.com" });
    const [older, first, second] = urls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(older);
    expect(second).toBe(first);
    expect(sessionStorage.getItem(PORTAL_REQUEST_KEY)).toBeNull();
  });

  it("still treat an answer with neither a link nor `sent` as a failure", async () => {
    const { api } = fakeApi([{}]);
    await expect(run(paymentSuccessActors(api).requestPortal, { email: "ana@example.com" })).rejects.toThrow("Invalid response from API: missing url");
  });
});
