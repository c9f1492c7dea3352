// The /payment-canceled statechart: model-based coverage, then its behaviour with recorded actors.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { paymentCanceledMachine, SIGNUP_RESUME_PATH, type PaymentCanceledInput } from "#machines/payment-canceled.machine";
import { actorOutcomes, recordedActors, uncovered, walkModel } from "./helpers/model";

const inputs: Record<string, PaymentCanceledInput> = {
  "with saved e-mail": { email: "ana@example.com" },
  "with saved e-mail, from a cancel address naming its checkout": { email: "ana@example.com", checkout: "ref-of-this-checkout" },
  "without saved checkout, from a cancel address naming its checkout": { email: null, checkout: "ref-of-this-checkout" },
  "without saved checkout": { email: null },
  "with a blank e-mail": { email: "  " },
};

const allEvents = actorOutcomes({ deleteClient: [{ ok: true }], returnToSignup: [{ ok: true }] });

const silent = paymentCanceledMachine.provide({ actions: { warn: () => {} } });

describe("payment-canceled machine: model", () => {
  it("covers every state and every transition across its inputs", () => {
    const { runs, total } = walkModel("payment-canceled", silent, { inputs, events: allEvents });
    for (const { paths, input } of runs) {
      const { email } = input as PaymentCanceledInput;
      for (const path of paths) {
        // Every path shows the redirecting message until it leaves, and only a real e-mail is ever deleted.
        if (!email?.trim()) expect(path.steps.some((s) => s.state.matches("deleting"))).toBe(false);
        if (path.state.matches("left")) expect(path.steps.some((s) => s.state.matches("redirecting"))).toBe(true);
      }
    }
    expect(uncovered(silent, total)).toEqual({ states: [], transitions: [] });
  }, 30_000);
});

function start(
  input: PaymentCanceledInput,
  deleteClient: () => Promise<unknown>,
  returnToSignup: () => Promise<unknown> = async () => undefined,
) {
  const { calls, actors } = recordedActors({ deleteClient, returnToSignup });
  const actor = createActor(paymentCanceledMachine.provide({ actors }), { input });
  actor.start();
  return { actor, calls };
}

describe("payment-canceled machine: behaviour", () => {
  afterEach(() => vi.restoreAllMocks());

  it("deletes the pending client, then returns to step 6 replacing the history entry", async () => {
    const { actor, calls } = start({ email: " Ana@Example.com " }, async () => ({ ok: true, deleted: true }));
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("left");
    expect(calls).toEqual([
      ["deleteClient", { email: "Ana@Example.com" }],
      ["returnToSignup", { path: "/signup?resume=1&payment=canceled" }],
    ]);
    expect(SIGNUP_RESUME_PATH).toBe("/signup?resume=1&payment=canceled");
  });

  it("passes the checkout the cancel address names to the delete, so only that checkout is rolled back", async () => {
    const { actor, calls } = start({ email: "ana@example.com", checkout: "Ab3_-x" }, async () => ({ ok: true, deleted: false }));
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("left");
    expect(calls).toStrictEqual([
      ["deleteClient", { email: "ana@example.com", checkout: "Ab3_-x" }],
      ["returnToSignup", { path: SIGNUP_RESUME_PATH }],
    ]);
  });

  it("without a checkout in the address (an older link) deletes by e-mail, as the spec's call", async () => {
    const { actor, calls } = start({ email: "ana@example.com", checkout: null }, async () => ({ ok: true, deleted: true }));
    await waitFor(actor, (s) => s.status === "done");
    expect(calls[0]).toEqual(["deleteClient", { email: "ana@example.com" }]);
    expect((calls[0]![1] as { checkout?: string }).checkout).toBeUndefined();
  });

  it("logs a failed delete with console.warn and still redirects", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { actor, calls } = start({ email: "ana@example.com" }, async () => {
      throw new Error("API Error: 409 Conflict");
    });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("left");
    expect(calls.map(([name]) => name)).toEqual(["deleteClient", "returnToSignup"]);
    expect(warn).toHaveBeenCalledWith("payment-canceled: deleteClient failed", expect.any(Error));
  });

  it("without a saved checkout deletes nothing and still redirects", async () => {
    const { actor, calls } = start({ email: null }, async () => ({ ok: true, deleted: true }));
    await waitFor(actor, (s) => s.status === "done");
    expect(calls).toEqual([["returnToSignup", { path: SIGNUP_RESUME_PATH }]]);
  });

  it("stays busy while going back to the sign-up", () => {
    const { actor } = start({ email: null }, async () => ({ ok: true }), () => new Promise<never>(() => {}));
    expect(actor.getSnapshot().value).toBe("redirecting");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
  });

  it("logs a failed navigation with console.warn and stops in 'stuck', where the page offers a link", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { actor } = start({ email: null }, async () => ({ ok: true }), async () => {
      throw new Error("navigation blocked");
    });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("stuck");
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(warn).toHaveBeenCalledWith("payment-canceled: returnToSignup failed", expect.objectContaining({ message: "navigation blocked" }));
  });
});
