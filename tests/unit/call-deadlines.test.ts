// Every call of the checkout pages gives up at its kind's deadline (src/api/deadline.ts) when the connection
// stalls, so the machine waiting on it takes its failure path: the wizard's summary with the error toast, the
// success page's next call (and, for the portal link, "try again"), the cancellation's way back to step 6, the
// portal redirect's error with "try again". The forms' sends (contact, newsletter, login) are in e2e/deadlines.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, toPromise, type AnyActorLogic } from "xstate";
import { PAYMENT_DEADLINE_MS } from "../../src/api/deadline";
import { createApiClient } from "../../src/api/client";
import { paymentCanceledActors, paymentSuccessActors, portalRedirectActors } from "../../src/checkout/checkout-actors";
import { signupLogic } from "../../src/signup/signup-actor";
import { validClient } from "../fixtures/client";

/** A fetch that never answers, and rejects as fetch does when its signal is aborted. */
const stalledFetch = vi.fn(
  (_url: string, init: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init.signal?.addEventListener("abort", () => reject(init.signal!.reason));
    }),
);

const api = () => createApiClient({ baseUrl: "/api", fetch: stalledFetch as unknown as typeof fetch });
const actors = () => ({ ...paymentSuccessActors(api()), ...paymentCanceledActors(() => {}, api()) });

const cases: Array<[string, () => AnyActorLogic, unknown]> = [
  ["payment success: createOrder", () => actors().createOrder, { email: "ana@example.com", date: "2030-03-05", createdBy: "web" }],
  ["payment success: setActive", () => actors().setActive, { email: "ana@example.com" }],
  ["payment success: sendWelcomeEmail", () => actors().sendWelcomeEmail, { email: "ana@example.com" }],
  ["payment success: the portal link", () => actors().requestPortal, { email: "ana@example.com" }],
  ["payment canceled: deleteClient", () => actors().deleteClient, { email: "ana@example.com" }],
  ["portal redirect: with the e-mail and a token", () => portalRedirectActors(api()).requestPortal, { email: "ana@example.com", token: "w.1.sig" }],
  ["portal redirect: with the token alone", () => portalRedirectActors(api()).requestPortal, { token: "s.link" }],
  ["portal redirect: the e-mailed link offer", () => portalRedirectActors(api()).requestPortal, { email: "ana@example.com" }],
];

describe("the checkout pages' calls on a stalled connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stalledFetch.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function expectGivenUpAt(logic: AnyActorLogic, input: unknown, deadline: number) {
    const actor = createActor(logic, { input } as never);
    const outcome = toPromise(actor);
    const settled = vi.fn();
    outcome.then(settled, settled);
    actor.start();
    await vi.advanceTimersByTimeAsync(deadline - 1);
    expect(stalledFetch).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).rejects.toMatchObject({ name: "TimeoutError" });
    expect(vi.getTimerCount()).toBe(0);
  }

  it.each(cases)("%s fails at PAYMENT_DEADLINE_MS, not before", async (_, logic, input) => {
    await expectGivenUpAt(logic(), input, PAYMENT_DEADLINE_MS);
  });

  it("the wizard's checkout creation (it waits on the payment provider) fails at PAYMENT_DEADLINE_MS, not before", async () => {
    vi.stubGlobal("fetch", stalledFetch);
    const createCheckout = (signupLogic.implementations.actors as Record<string, AnyActorLogic>).createCheckout!;
    await expectGivenUpAt(createCheckout, { client: validClient(), origin: "https://freshfold.test" }, PAYMENT_DEADLINE_MS);
  });
});
