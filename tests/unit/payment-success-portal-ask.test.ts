// The success page's portal asks (src/checkout/checkout-actors.ts): one request key for every ask of one page, so
// that when the server no longer knows the paying browser and e-mails a sign-in link instead, a retry or the press
// after the load e-mails nothing more while that link is unused (decision 018); that answer reads as null.
import { describe, expect, it, vi } from "vitest";
import { createActor, toPromise, type AnyActorLogic } from "xstate";
import { paymentSuccessActors } from "../../src/checkout/checkout-actors";
import { createApiClient } from "../../src/api/client";

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
  it("carry one key across the page's asks, and a new page's asks another", async () => {
    const { api, urls } = fakeApi([{ sent: true }, { sent: true }, { portal_url: "https://billing.stripe.com/p/session/1" }]);
    const page = paymentSuccessActors(api);
    await expect(run(page.requestPortal, { email: "ana@example.com" })).resolves.toBeNull();
    await expect(run(page.requestPortal, { email: "ana@example.com" })).resolves.toBeNull();
    await expect(run(paymentSuccessActors(api).requestPortal, { email: "ana@example.com" })).resolves.toBe("https://billing.stripe.com/p/session/1");
    const [first, second, other] = urls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(other).toMatch(/^[0-9a-f]{32}$/);
    expect(other).not.toBe(first);
  });

  it("still treat an answer with neither a link nor `sent` as a failure", async () => {
    const { api } = fakeApi([{}]);
    await expect(run(paymentSuccessActors(api).requestPortal, { email: "ana@example.com" })).rejects.toThrow("Invalid response from API: missing url");
  });
});
