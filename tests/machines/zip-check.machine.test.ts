// The ZIP check machine (product.md AREA-2, AREA-3): model-based coverage, then its behaviour with real actors.
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor, type EventObject } from "xstate";
import { zipCheckMachine, type WaitlistJoin, type ZipAnswer, type ZipCheckInput } from "#machines/zip-check.machine";
import { ApiRequestError } from "../../src/api/client";
import { actorOutcomes, uncovered, walkModel } from "./helpers/model";

const event = <E extends EventObject>(e: E): EventObject => e;
const events = [
  event({ type: "zip.changed", value: "331" }),
  event({ type: "zip.changed", value: "33180" }),
  event({ type: "check" }),
  ...actorOutcomes(
    { checkArea: [{ kind: "served", area: "Downtown & Brickell", deliveryTime: "same-day" }, { kind: "comingSoon", area: "Aventura" }, { kind: "notServed" }] },
    { checkArea: [new ApiRequestError(500, "Internal Server Error")] },
  ),
  event({ type: "email.changed", value: "" }),
  event({ type: "email.changed", value: "ana@example.com" }),
  event({ type: "join", language: "es" }),
  ...actorOutcomes({ joinWaitlist: [{ ok: true }] }, { joinWaitlist: [new ApiRequestError(429, "Too Many Requests")] }),
];

describe("zip-check machine (model)", () => {
  it("covers every state and every transition", () => {
    const { total } = walkModel("zip-check.machine", zipCheckMachine, {
      inputs: { empty: {}, waitlist: { comingSoon: { zip: "33180", area: "Aventura" }, email: "" } },
      events,
    });
    expect(uncovered(zipCheckMachine, total)).toEqual({ states: [], transitions: [] });
  }, 60_000);
});

function start(answer: (zip: string) => Promise<ZipAnswer>, join: (input: WaitlistJoin) => Promise<unknown> = async () => ({ ok: true }), input: ZipCheckInput = {}) {
  const actor = createActor(
    zipCheckMachine.provide({ actors: { checkArea: fromPromise(({ input }) => answer(input.zip)), joinWaitlist: fromPromise(({ input }) => join(input)) } }),
    { input },
  );
  actor.start();
  return actor;
}

describe("zip-check machine (behaviour)", () => {
  it("asks for 5 digits before calling, keeps digits only, and names a served ZIP's area and delivery time", async () => {
    const answer = vi.fn(async (): Promise<ZipAnswer> => ({ kind: "served", area: "Downtown & Brickell", deliveryTime: "same-day" }));
    const actor = start(answer);
    actor.send({ type: "zip.changed", value: "33-1" });
    actor.send({ type: "check" });
    expect(actor.getSnapshot().context.error).toBe("zipInvalid");
    expect(answer).not.toHaveBeenCalled();
    actor.send({ type: "zip.changed", value: "33131x" });
    expect(actor.getSnapshot().context.zip).toBe("33131");
    actor.send({ type: "check" });
    // Busy while checking: the view disables its button.
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (s) => s.matches("served"));
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(answer).toHaveBeenCalledWith("33131");
    expect(actor.getSnapshot().context).toMatchObject({ checkedZip: "33131", answer: { kind: "served", area: "Downtown & Brickell", deliveryTime: "same-day" } });
    // Editing the ZIP forgets the answer.
    actor.send({ type: "zip.changed", value: "3313" });
    expect(actor.getSnapshot().context.answer).toBeNull();
  });

  it("offers the waitlist for a coming-soon ZIP and sends the e-mail, that ZIP and the language once valid", async () => {
    const join = vi.fn(async () => ({ ok: true }));
    const actor = start(async () => ({ kind: "comingSoon", area: "Aventura" }), join);
    actor.send({ type: "zip.changed", value: "33180" });
    actor.send({ type: "check" });
    await waitFor(actor, (s) => s.matches({ comingSoon: "editing" }));
    actor.send({ type: "join", language: "es" });
    expect(actor.getSnapshot().context.error).toBe("emailRequired");
    actor.send({ type: "email.changed", value: " Ana@Example.com " });
    actor.send({ type: "join", language: "es" });
    // Busy while joining: the waitlist's button says it is sending.
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (s) => s.matches({ comingSoon: "joined" }));
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(join).toHaveBeenCalledWith({ email: "ana@example.com", zip: "33180", language: "es" });
    actor.send({ type: "join", language: "es" });
    expect(join).toHaveBeenCalledTimes(1);
  });

  it("says to wait after a 429 and keeps the e-mail; starts at the waitlist when the sign-up found the ZIP coming soon", async () => {
    const actor = start(async () => ({ kind: "notServed" }), async () => Promise.reject(new ApiRequestError(429, "Too Many Requests")), {
      comingSoon: { zip: "33160", area: "Sunny Isles" },
      email: "luis@example.com",
    });
    expect(actor.getSnapshot().matches({ comingSoon: "editing" })).toBe(true);
    actor.send({ type: "join", language: "en" });
    await waitFor(actor, (s) => s.matches({ comingSoon: "editing" }) && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: "rateLimited", email: "luis@example.com" });
  });

  it("keeps the first 5 digits of what is typed or pasted", () => {
    const actor = start(async () => ({ kind: "notServed" }));
    actor.send({ type: "zip.changed", value: "33-131" });
    expect(actor.getSnapshot().context.zip).toBe("33131");
    actor.send({ type: "zip.changed", value: "331312" });
    expect(actor.getSnapshot().context.zip).toBe("33131");
  });

  it("starts with the ZIP typed into the still check it replaces, kept as if typed here, and checks it only when asked", async () => {
    const answer = vi.fn(async (): Promise<ZipAnswer> => ({ kind: "served", area: "Downtown & Brickell", deliveryTime: "same-day" }));
    expect(start(answer, undefined, { zip: "33-1312" }).getSnapshot().context).toMatchObject({ zip: "33131", checkedZip: "", answer: null });
    const actor = start(answer, undefined, { zip: "33131" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(answer).not.toHaveBeenCalled();
    actor.send({ type: "check" });
    await waitFor(actor, (s) => s.matches("served"));
    expect(answer).toHaveBeenCalledWith("33131");
    expect(start(answer, undefined, { zip: "" }).getSnapshot().context.zip).toBe("");
  });

  it("asks for a waitlist e-mail when only spaces are typed, and for a valid one, without calling", () => {
    const join = vi.fn(async () => ({ ok: true }));
    const actor = start(async () => ({ kind: "notServed" }), join, { comingSoon: { zip: "33180", area: "Aventura" } });
    actor.send({ type: "email.changed", value: "   " });
    actor.send({ type: "join", language: "en" });
    expect(actor.getSnapshot().context.error).toBe("emailRequired");
    actor.send({ type: "email.changed", value: "ana@example" });
    actor.send({ type: "join", language: "en" });
    expect(actor.getSnapshot().context.error).toBe("emailInvalid");
    expect(actor.getSnapshot().matches({ comingSoon: "editing" })).toBe(true);
    expect(join).not.toHaveBeenCalled();
  });

  it("gives the generic message when joining fails other than by a 429, even by a bare rejection", async () => {
    let reason: unknown = new ApiRequestError(500, "Internal Server Error");
    const actor = start(async () => ({ kind: "notServed" }), () => Promise.reject(reason), {
      comingSoon: { zip: "33180", area: "Aventura" },
      email: "ana@example.com",
    });
    actor.send({ type: "join", language: "en" });
    await waitFor(actor, (s) => s.matches({ comingSoon: "editing" }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe("requestFailed");
    reason = null;
    actor.send({ type: "email.changed", value: "ana@example.com" });
    actor.send({ type: "join", language: "en" });
    await waitFor(actor, (s) => s.matches({ comingSoon: "editing" }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe("requestFailed");
  });

  it("says to wait when the check itself is rate limited, keeping the ZIP typed", async () => {
    const actor = start(async () => Promise.reject(new ApiRequestError(429, "Too Many Requests")));
    actor.send({ type: "zip.changed", value: "33131" });
    actor.send({ type: "check" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: "rateLimited", zip: "33131" });
  });

  it("says a failed check failed, and a ZIP neither served nor coming soon is not served", async () => {
    let fail = true;
    const actor = start(async () => (fail ? Promise.reject(new ApiRequestError(500, "Internal Server Error")) : { kind: "notServed" }));
    actor.send({ type: "zip.changed", value: "90210" });
    actor.send({ type: "check" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.error === "requestFailed");
    fail = false;
    actor.send({ type: "check" });
    await waitFor(actor, (s) => s.matches("notServed"));
  });
});
