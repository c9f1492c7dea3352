// The newsletter machine: model-based coverage of every state and transition, then its behaviour with real actors.
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor, type EventObject } from "xstate";
import { newsletterMachine, type NewsletterRequest } from "#machines/newsletter.machine";
import { ApiRequestError } from "../../src/api/client";
import { actorOutcomes, uncovered, walkModel } from "./helpers/model";

// The machine's events plus the actor's outcomes, which traversal walks as events.
const event = <E extends EventObject>(e: E): EventObject => e;
const events = [
  event({ type: "email.changed", value: "" }),
  event({ type: "email.changed", value: "maria@" }),
  event({ type: "email.changed", value: "maria@example.com" }),
  event({ type: "submit", language: "es" }),
  ...actorOutcomes({ subscribe: [{ ok: true }] }, { subscribe: [new ApiRequestError(500, "Internal Server Error")] }),
];

describe("newsletter machine (model)", () => {
  it("covers every state and every transition", () => {
    const { total } = walkModel("newsletter.machine", newsletterMachine, { inputs: { default: undefined }, events });
    expect(uncovered(newsletterMachine, total)).toEqual({ states: [], transitions: [] });
  }, 30_000);
});

function start(subscribe: (input: NewsletterRequest) => Promise<unknown>) {
  const actor = createActor(newsletterMachine.provide({ actors: { subscribe: fromPromise(({ input }) => subscribe(input)) } }));
  actor.start();
  return actor;
}

describe("newsletter machine (behaviour)", () => {
  it("asks for an e-mail, then for a valid one, without calling", () => {
    const subscribe = vi.fn();
    const actor = start(subscribe);
    actor.send({ type: "submit", language: "en" });
    expect(actor.getSnapshot().context.error).toBe("emailRequired");
    actor.send({ type: "email.changed", value: "maria@example" });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: "submit", language: "en" });
    expect(actor.getSnapshot().value).toBe("invalid");
    expect(actor.getSnapshot().context.error).toBe("emailInvalid");
    expect(subscribe).not.toHaveBeenCalled();
  });

  it("takes spaces alone for a missing e-mail, not an invalid one", () => {
    const actor = start(vi.fn());
    actor.send({ type: "email.changed", value: "   " });
    actor.send({ type: "submit", language: "en" });
    expect(actor.getSnapshot().context.error).toBe("emailRequired");
  });

  it("gives the generic message for a failure that carries no status, even a bare rejection", async () => {
    const actor = start(() => Promise.reject(null));
    actor.send({ type: "email.changed", value: "maria@example.com" });
    actor.send({ type: "submit", language: "en" });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.error).toBe("requestFailed");
  });

  it("posts the trimmed, lowercased e-mail with the language, then empties the box", async () => {
    const subscribe = vi.fn(async () => ({ ok: true }));
    const actor = start(subscribe);
    const subscribed = vi.fn();
    actor.on("subscribed", subscribed);
    actor.send({ type: "email.changed", value: "  Maria@Example.com " });
    actor.send({ type: "submit", language: "es" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (s) => s.matches("subscribed"));
    expect(subscribe).toHaveBeenCalledWith({ email: "maria@example.com", language: "es" });
    expect(subscribed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toEqual({ email: "", error: null });
  });

  it("keeps the address on failure and tells a rate limit apart", async () => {
    let status = 500;
    const actor = start(async () => {
      throw new ApiRequestError(status, "Error");
    });
    const failed = vi.fn();
    actor.on("failed", failed);
    actor.send({ type: "email.changed", value: "maria@example.com" });
    actor.send({ type: "submit", language: "en" });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context).toEqual({ email: "maria@example.com", error: "requestFailed" });
    expect(failed).toHaveBeenLastCalledWith({ type: "failed", error: "requestFailed" });
    status = 429;
    actor.send({ type: "submit", language: "en" });
    await waitFor(actor, (s) => s.matches("failed") && s.context.error === "rateLimited");
    expect(failed).toHaveBeenCalledTimes(2);
  });
});
