// What the sign-up machine asks of its actors (the server calls and the browser effects) and what it does with
// their answers on the way to payment (product.md PAY-1, PAY-2): each actor records its input and answers as
// the test says.
import type { ServiceAreaAnswer } from "#contract/calls";
import type { Client } from "#contract/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiRequestError } from "../../src/api/client";
import { signupMachine, stepOf, type SavedCheckoutInput, type SignupEmitted, type SignupInput } from "#machines/signup.machine";
import { LEAVING_PATIENCE_MS } from "#machines/leaving-patience";
import { toClient, type SignupForm } from "#domain/signup-form";
import { validSignupForm } from "../fixtures/signup-form";

const ORIGIN = "http://localhost:4201";
const LINK = `${ORIGIN}/sandbox/checkout/cs_1`;

interface Answers {
  checkout?: () => Promise<string>;
  redirect?: () => Promise<void>;
  availability?: Record<string, boolean>;
}

function start(form: SignupForm, patch: Partial<SignupInput> = {}, answers: Answers = {}) {
  const inputs: Record<string, unknown[]> = {};
  const record = (name: string, input: unknown) => void (inputs[name] ??= []).push(input);
  const actor = createActor(
    signupMachine.provide({
      actors: {
        checkEmail: fromPromise<{ exists: boolean }, { email: string }>(async ({ input }) => (record("checkEmail", input), { exists: false })),
        checkServiceArea: fromPromise<ServiceAreaAnswer, { zip: string }>(async ({ input }) => (record("checkServiceArea", input), true)),
        loadAvailability: fromPromise<Record<string, boolean>, { date: string }>(async ({ input }) => (record("loadAvailability", input), answers.availability ?? {})),
        saveCheckout: fromPromise<void, SavedCheckoutInput>(async ({ input }) => void record("saveCheckout", input)),
        createCheckout: fromPromise<string, { client: Client; origin: string }>(async ({ input }) => (record("createCheckout", input), (answers.checkout ?? (async () => LINK))())),
        redirect: fromPromise<void, { url: string }>(async ({ input }) => (record("redirect", input), (answers.redirect ?? (() => new Promise<void>(() => {})))())),
      },
    }),
    { input: { language: "en", today: "2030-01-07", origin: ORIGIN, form, ...patch } },
  );
  const emitted: SignupEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  return { actor: actor.start(), inputs, emitted };
}

describe("the sign-up's actors get what they need", () => {
  it("step 1 checks the e-mail as the server compares it (trimmed, lower case) and the ZIP as typed", async () => {
    const { actor, inputs } = start(validSignupForm({ email: " Ana@Example.COM " }), { restoreStep: 1 });
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => stepOf(s) === 2);
    expect(inputs).toEqual({ checkEmail: [{ email: "ana@example.com" }], checkServiceArea: [{ zip: "33131" }] });
  });

  it("step 4 asks for the days from the start date", async () => {
    const { actor, inputs } = start(validSignupForm(), { restoreStep: 4 }, { availability: { "2030-01-09": true } });
    await waitFor(actor, (s) => s.matches({ step4: "loaded" }));
    expect(inputs.loadAvailability).toEqual([{ date: "2030-01-08" }]);
  });

  it("Pay saves the form with its client, asks for a payment page for that client back to this site, then leaves for the link", async () => {
    const { actor, inputs } = start(validSignupForm(), { restoreStep: 6, language: "es" });
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches({ step6: { checkout: "redirecting" } }));
    const client = toClient(actor.getSnapshot().context.form, "es").data;
    expect(client).toMatchObject({ language: "es", email: "ana@example.com" });
    expect(inputs.saveCheckout).toEqual([{ form: actor.getSnapshot().context.form, client }]);
    expect(inputs.createCheckout).toEqual([{ client, origin: ORIGIN }]);
    expect(inputs.redirect).toEqual([{ url: LINK }]);
    expect(actor.getSnapshot().context.checkoutUrl).toBe(LINK);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
  });
});

describe("a payment that cannot start says why (checkout.failed) and goes where the visitor can fix it", () => {
  const failing = (error: unknown) => ({ checkout: () => Promise.reject(error) });

  it("a day that filled up: back to step 4, with the server's code", async () => {
    const { actor, emitted } = start(validSignupForm(), { restoreStep: 6 }, failing(new ApiRequestError(409, "That day is full", "day_full")));
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => stepOf(s) === 4);
    expect(emitted).toEqual([{ type: "checkout.failed", code: "day_full" }]);
  });

  it("any other failure: back to the review, with no code (the view's generic text)", async () => {
    const { actor, emitted } = start(validSignupForm(), { restoreStep: 6 }, failing(new Error("Failed to fetch")));
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches({ step6: "review" }) && emitted.length > 0);
    expect(emitted).toEqual([{ type: "checkout.failed", code: undefined }]);
  });

  it("something thrown that is no error: no code, the view's generic text", async () => {
    const { actor, emitted } = start(validSignupForm(), { restoreStep: 6 }, failing("offline"));
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches({ step6: "review" }) && emitted.length > 0);
    expect(emitted).toEqual([{ type: "checkout.failed", code: undefined }]);
  });

  it("a link elsewhere is refused before leaving: back to the review, nothing redirected", async () => {
    const { actor, emitted, inputs } = start(validSignupForm(), { restoreStep: 6 }, { checkout: async () => "https://evil.example/pay" });
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches({ step6: "review" }) && emitted.length > 0);
    expect(emitted).toEqual([{ type: "checkout.failed", code: undefined }]);
    expect(inputs.redirect).toBeUndefined();
    expect(actor.getSnapshot().context.checkoutUrl).toBe("");
  });

  it("the browser could not leave: back to the review, with no code", async () => {
    const { actor, emitted } = start(validSignupForm(), { restoreStep: 6 }, { redirect: () => Promise.reject(new Error("blocked")) });
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches({ step6: "review" }) && emitted.length > 0);
    expect(emitted).toEqual([{ type: "checkout.failed", code: undefined }]);
  });
});

describe("a payment page that does not open (Stop pressed, or a very slow connection)", () => {
  afterEach(() => vi.useRealTimers());

  const leave = async () => {
    vi.useFakeTimers();
    const started = start(validSignupForm(), { restoreStep: 6 });
    started.actor.send({ type: "step.next" });
    await waitFor(started.actor, (s) => s.matches({ step6: { checkout: "redirecting" } }));
    return started;
  };

  it("stays busy leaving until LEAVING_PATIENCE_MS, then shows the summary again, usable, keeping the link; nothing failed", async () => {
    const { actor, emitted } = await leave();
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS - 1);
    expect(actor.getSnapshot().matches({ step6: { checkout: "redirecting" } })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ step6: { review: "stalled" } })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(actor.getSnapshot().can({ type: "step.back" })).toBe(true);
    expect(actor.getSnapshot().context.checkoutUrl).toBe(LINK);
    expect(emitted).toEqual([]);
  });

  it("Pay there asks for a new payment page and leaves for it; Back from the payment page shows the plain summary", async () => {
    const { actor, inputs } = await leave();
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS);
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches({ step6: { checkout: "redirecting" } }));
    expect(inputs.createCheckout).toHaveLength(2);
    expect(inputs.redirect).toEqual([{ url: LINK }, { url: LINK }]);
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS);
    actor.send({ type: "page.restored" });
    expect(actor.getSnapshot().matches({ step6: { review: "ready" } })).toBe(true);
  });

  it("a page that left in time never reaches it: back from the payment page before the wait, the summary as reached", async () => {
    const { actor } = await leave();
    actor.send({ type: "page.restored" });
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS * 2);
    expect(actor.getSnapshot().matches({ step6: { review: "ready" } })).toBe(true);
  });
});
