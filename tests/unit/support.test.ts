import { describe, expect, it, vi } from "vitest";
import { assign, createActor, fromPromise, setup } from "xstate";
import { maskEmail, maskPersonalData, maskPhone, maskStreet } from "../../src/inspection/masking";
import { SupportRecorder } from "../../src/inspection/recorder";
import { createReplay, describeStateValue, sameStateValue } from "../../src/support/replay";

describe("masking personal data", () => {
  it("masks street addresses like e-mails, keeping the ZIP and city a support agent needs", () => {
    expect(maskStreet("1200 Brickell Ave")).toBe("1000 Bxxxxxxx Axx");
    const masked = maskPersonalData({
      form: { address: { street: "1200 Brickell Ave", zip: "33131", city: "Miami" } },
      suggestions: [{ id: "p1", text: "1200 Brickell Ave, Miami, FL, USA", mainText: "1200 Brickell Ave" }],
      query: "1200 Bri",
      selected: { formatted_address: "1200 Brickell Ave, Miami, FL 33131, USA" },
    });
    expect(masked).toEqual({
      form: { address: { street: "1000 Bxxxxxxx Axx", zip: "33131", city: "Miami" } },
      suggestions: [{ id: "p1", text: "1000 Bxxxxxxx Axx, Mxxxx, Fx, Uxx", mainText: "1000 Bxxxxxxx Axx" }],
      query: "1000 Bxx",
      selected: { formatted_address: "1000 Bxxxxxxx Axx, Mxxxx, Fx 30000, Uxx" },
    });
    expect(JSON.stringify(masked)).not.toContain("Brickell");
    expect(maskPersonalData({ type: "input.changed", value: "801 Brickell Avenue" })).toEqual({ type: "input.changed", value: "800 Bxxxxxxx Axxxxx" });
  });

  it("masks e-mail addresses keeping their shape", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j***@e***.com");
    expect(maskEmail("write to ana@mail.co.uk today")).toBe("write to a***@m***.co.uk today");
  });
  it("masks phone numbers keeping the format and the last four digits", () => {
    expect(maskPhone("(305) 555-0142")).toBe("(000) 000-0142");
    expect(maskPersonalData({ phoneNumber: "3055550142", name: "Ana", nested: { email: "a@b.co" } })).toEqual({
      phoneNumber: "0000000142",
      name: "Ana",
      nested: { email: "a***@b***.co" },
    });
  });
});

const checkout = setup({
  types: { context: {} as { email: string; tries: number }, events: {} as { type: "email.changed"; value: string } | { type: "submit" } },
  actors: { send: fromPromise(async ({ input }: { input: { email: string } }) => input.email.length) },
}).createMachine({
  id: "demo-checkout",
  initial: "editing",
  context: { email: "", tries: 0 },
  states: {
    editing: {
      on: {
        "email.changed": { actions: assign({ email: ({ event }) => event.value }) },
        submit: { target: "sending", actions: assign({ tries: ({ context }) => context.tries + 1 }) },
      },
    },
    sending: {
      invoke: { id: "send", src: "send", input: ({ context }) => ({ email: context.email }), onDone: "sent", onError: "editing" },
    },
    sent: { after: { 1000: "done" } },
    done: { type: "final" },
  },
});

describe("support recording and replay", () => {
  it("records a real run, masked, and a replay against fake actors reaches the same state", async () => {
    vi.useFakeTimers();
    const recorder = new SupportRecorder();
    const actor = createActor(checkout, { inspect: recorder.observe }).start();
    actor.send({ type: "email.changed", value: "jane@example.com" });
    actor.send({ type: "submit" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("sent");
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe("done");
    vi.useRealTimers();

    const log = JSON.parse(JSON.stringify(recorder.toLog("/demo")));
    expect(JSON.stringify(log)).not.toContain("jane@example.com");
    const session = log.sessions.find((s: { machineId: string }) => s.machineId === "demo-checkout");
    expect(session.value).toBe("done");
    const types = log.events.filter((e: { sessionId: string }) => e.sessionId === session.sessionId).map((e: { event: { type: string } }) => e.event.type);
    expect(types).toEqual(["email.changed", "submit", "xstate.done.actor.send", "xstate.after.1000.demo-checkout.sent"]);

    const replay = createReplay(checkout, session, log.events);
    expect(replay.total).toBe(4);
    expect(replay.value()).toBe("editing");
    replay.step();
    replay.step();
    expect(replay.value()).toBe("sending");
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    expect(replay.context()).toMatchObject({ email: "j***@e***.com", tries: 1 });
  });

  it("describes nested state values as dotted paths", () => {
    expect(describeStateValue({ step1: { email: "free", area: "checking" } })).toEqual(["step1.email.free", "step1.area.checking"]);
    expect(sameStateValue({ a: "x", b: "y" }, { b: "y", a: "x" })).toBe(true);
  });
});
