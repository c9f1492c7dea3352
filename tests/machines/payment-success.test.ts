// The /payment-success statechart: model-based coverage of every state and transition, then its behaviour
// with recorded actors (order of calls, failures logged and skipped, one round per checkout, the portal).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor, type EventObject } from "xstate";
import {
  CONVERSION_VALUE,
  paymentSuccessMachine,
  paymentSuccessRunKey,
  type PaymentSuccessInput,
} from "#machines/payment-success.machine";
import { LEAVING_PATIENCE_MS } from "#machines/leaving-patience";
import { ORDER_CREATED_BY } from "#domain/plan";
import { calls as contractCalls } from "#contract/calls";
import { actorOutcomes, recordedActors, uncovered, walkModel } from "./helpers/model";

const client = { email: "ana@example.com", pickupone: "2030-03-05", pickuptwo: "2030-03-07" };
const origins = { ownOrigin: "https://freshfold.test", providerOrigins: ["https://billing.stripe.com"] };
const inputs: Record<string, PaymentSuccessInput> = {
  "with tracker": { client, sessionId: "cs_1", trackerPresent: true, ...origins },
  "without tracker": { client, sessionId: null, trackerPresent: false, ...origins },
  "without saved checkout": { client: null, sessionId: "cs_1", trackerPresent: true, ...origins },
};

/** Every outside event the machine can meet: user events and each actor's outcomes. */
const allEvents: EventObject[] = [
  { type: "portal.open" },
  { type: "portal.retry" },
  { type: "page.restored" },
  // Still on the page LEAVING_PATIENCE_MS after leaving for the portal.
  { type: "xstate.after.leavingPatience.paymentSuccess.portal.leaving" },
  ...actorOutcomes({
    claimRun: [true, false],
    createFirstOrder: [{ ok: true }],
    createSecondOrder: [{ ok: true }],
    setActive: [{ ok: true }],
    sendWelcomeEmail: [{ ok: true }],
    trackConversion: [{ ok: true }],
    requestPortal: ["https://billing.stripe.com/p/session/1", "https://evil.example/steal", null],
    refreshPortal: ["https://billing.stripe.com/p/session/2", "https://evil.example/steal", null],
    openPortal: [{ ok: true }],
  }),
];

const silent = paymentSuccessMachine.provide({ actions: { warn: () => {} } });

describe("payment-success machine: model", () => {
  it("covers every state and every transition across its inputs", () => {
    const { runs, total } = walkModel("payment-success", silent, { inputs, events: allEvents });
    for (const { paths, input } of runs) {
      expect(paths.length).toBeGreaterThan(0);

      // Invariants on every reached state: the portal button is enabled exactly when a link is held, and only
      // an allowed link is ever held.
      for (const path of paths) {
        const snapshot = path.state;
        expect(snapshot.hasTag("portalReady")).toBe(snapshot.context.portalLink !== null);
        if (snapshot.context.portalLink) expect(snapshot.context.portalLink.startsWith("https://billing.stripe.com/")).toBe(true);
        if ((input as PaymentSuccessInput).client === null) expect(snapshot.matches({ sequence: "noCheckout" })).toBe(true);
      }
    }
    expect(uncovered(silent, total)).toEqual({ states: [], transitions: [] });
  }, 30_000);
});

type Answer = (input: never) => Promise<unknown>;

function start(input: PaymentSuccessInput, overrides: Partial<Record<string, Answer>> = {}) {
  const { calls, actors } = recordedActors({
    claimRun: async () => true,
    createOrder: async () => ({ ok: true, created: true }),
    setActive: async () => ({ ok: true, isActive: true }),
    sendWelcomeEmail: async () => ({ ok: true, queued: true }),
    trackConversion: async () => undefined,
    requestPortal: async () => "https://billing.stripe.com/p/session/1",
    openPortal: async () => undefined,
    ...(overrides as Record<string, Answer>),
  });
  const actor = createActor(paymentSuccessMachine.provide({ actors: actors as never }), { input });
  actor.start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof start>["actor"]) =>
  waitFor(actor, (s) => s.context.sequenceSettled && !s.matches({ portal: "requesting" }) && !s.matches({ portal: "waiting" }));

describe("payment-success machine: behaviour", () => {
  afterEach(() => vi.restoreAllMocks());

  it("claims the run, creates both orders, activates, asks for the portal, welcomes and tracks, in that order", async () => {
    const { actor, calls } = start(inputs["with tracker"]!);
    await settled(actor);
    expect(calls).toEqual([
      ["claimRun", { key: paymentSuccessRunKey(client, "cs_1") }],
      ["createOrder", { email: client.email, date: "2030-03-05", createdBy: ORDER_CREATED_BY }],
      ["createOrder", { email: client.email, date: "2030-03-07", createdBy: ORDER_CREATED_BY }],
      ["setActive", { email: client.email }],
      ["requestPortal", { email: client.email }],
      ["sendWelcomeEmail", { email: client.email }],
      ["trackConversion", { value: 19.99, currency: "USD", transactionId: "cs_1" }],
    ]);
    expect(CONVERSION_VALUE).toBe(19.99);
    // The orders it asks for are ones the server's contract accepts (createdBy is required, 1 to 100 characters).
    const order = { client_email: client.email, createdBy: ORDER_CREATED_BY, date: "2030-03-05" };
    expect(contractCalls.createOrder.body.safeParse(order).success).toBe(true);
    expect(actor.getSnapshot().hasTag("portalReady")).toBe(true);
    expect(actor.getSnapshot().context.portalLink).toBe("https://billing.stripe.com/p/session/1");
  });

  it("keys a run by the checkout: the e-mail as compared everywhere, both dates and the session", () => {
    expect(paymentSuccessRunKey({ ...client, email: " Ana@Example.com " }, "cs_1")).toBe("ana@example.com|2030-03-05|2030-03-07|cs_1");
    expect(paymentSuccessRunKey(client, null)).toBe("ana@example.com|2030-03-05|2030-03-07|");
  });

  it("sends no conversion event without a tracker", async () => {
    const { actor, calls } = start(inputs["without tracker"]!);
    await settled(actor);
    expect(calls.map(([name]) => name)).not.toContain("trackConversion");
    expect(calls.map(([name]) => name)).toContain("sendWelcomeEmail");
  });

  it("logs each failure with console.warn and carries on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error");
    const fail = async () => {
      throw new Error("API Error: 500 Internal Server Error");
    };
    const { actor, calls } = start(inputs["with tracker"]!, {
      createOrder: fail,
      setActive: fail,
      sendWelcomeEmail: fail,
      trackConversion: fail,
    });
    await settled(actor);
    expect(calls.map(([name]) => name)).toEqual([
      "claimRun", "createOrder", "createOrder", "setActive", "requestPortal", "sendWelcomeEmail", "trackConversion",
    ]);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      "payment-success: createFirstOrder failed",
      "payment-success: createSecondOrder failed",
      "payment-success: setActive failed",
      "payment-success: sendWelcomeEmail failed",
      "payment-success: trackConversion failed",
    ]);
    expect(error).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ sequence: "finished" })).toBe(true);
  });

  it("makes no second round when the run was already claimed, but still asks for a fresh portal link", async () => {
    const { actor, calls } = start(inputs["with tracker"]!, { claimRun: async () => false });
    await settled(actor);
    expect(calls.map(([name]) => name)).toEqual(["claimRun", "requestPortal"]);
    expect(actor.getSnapshot().hasTag("portalReady")).toBe(true);
  });

  it("makes no call at all without a saved checkout", async () => {
    const { actor, calls } = start(inputs["without saved checkout"]!);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().matches({ sequence: "noCheckout", portal: "waiting" })).toBe(true);
    expect(actor.getSnapshot().hasTag("portalReady")).toBe(false);
  });

  it("logs a failed claim, portal request or leaving by its step, and carries on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failure = (message: string) => async () => {
      throw new Error(message);
    };
    const claimFailed = start(inputs["without tracker"]!, { claimRun: failure("claim down"), requestPortal: failure("portal down") });
    await settled(claimFailed.actor);
    // A claim that fails runs the calls anyway: each is idempotent on the server.
    expect(claimFailed.calls.map(([name]) => name)).toContain("setActive");
    expect(warn).toHaveBeenCalledWith("payment-success: claimRun failed", expect.objectContaining({ message: "claim down" }));
    expect(warn).toHaveBeenCalledWith("payment-success: requestPortal failed", expect.objectContaining({ message: "portal down" }));

    const leaving = start(inputs["without tracker"]!, { openPortal: failure("navigation blocked") });
    await waitFor(leaving.actor, (s) => s.hasTag("portalReady"));
    leaving.actor.send({ type: "portal.open" });
    await waitFor(leaving.actor, () => warn.mock.calls.some(([message]) => message === "payment-success: openPortal failed"));
    expect(warn).toHaveBeenCalledWith("payment-success: openPortal failed", expect.objectContaining({ message: "navigation blocked" }));
    await waitFor(leaving.actor, (s) => s.matches({ portal: "ready" }));
  });

  it("says the portal is opening while the browser leaves for it", async () => {
    const { actor } = start(inputs["without tracker"]!, { openPortal: () => new Promise(() => {}) });
    await settled(actor);
    actor.send({ type: "portal.open" });
    // First a fresh link, then the browser leaves with it: the button is busy throughout.
    expect(actor.getSnapshot().matches({ portal: "refreshing" })).toBe(true);
    expect(actor.getSnapshot().hasTag("portalOpening")).toBe(true);
    await waitFor(actor, (s) => s.matches({ portal: "leaving" }));
    expect(actor.getSnapshot().hasTag("portalOpening")).toBe(true);
  });

  it("leaves with a link asked for at the press, not the one obtained on load, which may have expired by then", async () => {
    let session = 1;
    const { actor, calls } = start(inputs["without tracker"]!, { requestPortal: async () => `https://billing.stripe.com/p/session/${session++}` });
    await settled(actor);
    expect(actor.getSnapshot().context.portalLink).toBe("https://billing.stripe.com/p/session/1");
    // Ten minutes later (no clock is read: every press asks), the button is pressed.
    actor.send({ type: "portal.open" });
    await waitFor(actor, () => calls.some(([name]) => name === "openPortal"));
    expect(calls.filter(([name]) => name === "requestPortal")).toEqual([
      ["requestPortal", { email: client.email }],
      ["requestPortal", { email: client.email }],
    ]);
    expect(calls.at(-1)).toEqual(["openPortal", { url: "https://billing.stripe.com/p/session/2" }]);
    // Back from the portal (back button, bfcache), a second press asks again.
    actor.send({ type: "page.restored" });
    expect(actor.getSnapshot().matches({ portal: "ready" })).toBe(true);
    actor.send({ type: "portal.open" });
    await waitFor(actor, () => calls.filter(([name]) => name === "openPortal").length === 2);
    expect(calls.at(-1)).toEqual(["openPortal", { url: "https://billing.stripe.com/p/session/3" }]);
  });

  it("when the fresh link fails or goes elsewhere, never leaves with the old one: the button turns off and Try again works", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const answers: Array<() => Promise<string>> = [
      async () => "https://billing.stripe.com/p/session/1",
      async () => {
        throw new Error("portal down");
      },
      async () => "https://billing.stripe.com/p/session/2",
      async () => "https://evil.example/phish",
      async () => "https://billing.stripe.com/p/session/3",
      async () => "https://billing.stripe.com/p/session/4",
    ];
    const { actor, calls } = start(inputs["without tracker"]!, { requestPortal: () => answers.shift()!() });
    await settled(actor);
    actor.send({ type: "portal.open" });
    await waitFor(actor, (s) => s.matches({ portal: "unavailable" }));
    expect(warn).toHaveBeenCalledWith("payment-success: refreshPortal failed", expect.objectContaining({ message: "portal down" }));
    expect(actor.getSnapshot().hasTag("portalReady")).toBe(false);
    expect(actor.getSnapshot().context.portalLink).toBeNull();

    actor.send({ type: "portal.retry" });
    await waitFor(actor, (s) => s.hasTag("portalReady"));
    actor.send({ type: "portal.open" });
    await waitFor(actor, (s) => s.matches({ portal: "unavailable" }));
    expect(warn).toHaveBeenCalledWith("payment-success: portalLinkRefused failed", "https://evil.example/phish");
    expect(actor.getSnapshot().context.portalLink).toBeNull();

    actor.send({ type: "portal.retry" });
    await waitFor(actor, (s) => s.hasTag("portalReady"));
    actor.send({ type: "portal.open" });
    await waitFor(actor, () => calls.some(([name]) => name === "openPortal"));
    expect(calls.filter(([name]) => name === "openPortal")).toEqual([["openPortal", { url: "https://billing.stripe.com/p/session/4" }]]);
  });

  it("reports a sale without a session id with no transaction id, never the run key that holds the customer's e-mail", async () => {
    const { actor, calls } = start({ ...inputs["with tracker"]!, sessionId: null });
    await settled(actor);
    expect(calls.filter(([name]) => name === "trackConversion")).toEqual([["trackConversion", { value: 19.99, currency: "USD" }]]);
    expect(JSON.stringify(calls.filter(([name]) => name === "trackConversion"))).not.toContain(client.email);
  });

  it("when the server e-mailed a sign-in link instead (the paying browser's proof has lapsed): the button stays off, nothing offers to ask again, the welcome still goes", async () => {
    const { actor, calls } = start(inputs["without tracker"]!, { requestPortal: async () => null });
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ portal: "emailed" })).toBe(true);
    expect(snapshot.hasTag("portalReady")).toBe(false);
    expect(snapshot.context.portalLink).toBeNull();
    expect(calls.map(([name]) => name)).toContain("sendWelcomeEmail");
    // Neither a press nor a retry asks again: each ask would e-mail another link.
    actor.send({ type: "portal.open" });
    actor.send({ type: "portal.retry" });
    expect(actor.getSnapshot().matches({ portal: "emailed" })).toBe(true);
    expect(calls.filter(([name]) => name === "requestPortal")).toHaveLength(1);
  });

  it("when the press finds the proof lapsed (the page stayed open past a day): the held link is dropped and the page says a link was e-mailed", async () => {
    const answers = [async () => "https://billing.stripe.com/p/session/1", async () => null];
    const { actor, calls } = start(inputs["without tracker"]!, { requestPortal: () => answers.shift()!() });
    await settled(actor);
    expect(actor.getSnapshot().hasTag("portalReady")).toBe(true);
    actor.send({ type: "portal.open" });
    await waitFor(actor, (s) => s.matches({ portal: "emailed" }));
    expect(actor.getSnapshot().context.portalLink).toBeNull();
    expect(actor.getSnapshot().hasTag("portalReady")).toBe(false);
    expect(calls.map(([name]) => name)).not.toContain("openPortal");
  });

  it("keeps the button disabled when the link is refused or missing, and lets the visitor ask again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let answer = "https://evil.example/phish";
    const { actor, calls } = start(inputs["without tracker"]!, { requestPortal: async () => answer });
    await settled(actor);
    expect(warn).toHaveBeenCalledWith("payment-success: portalLinkRefused failed", "https://evil.example/phish");
    expect(actor.getSnapshot().matches({ portal: "unavailable" })).toBe(true);
    expect(actor.getSnapshot().hasTag("portalReady")).toBe(false);
    actor.send({ type: "portal.open" });
    expect(calls.map(([name]) => name)).not.toContain("openPortal");

    answer = "https://freshfold.test/sandbox/portal/ps_1";
    actor.send({ type: "portal.retry" });
    await waitFor(actor, (s) => s.hasTag("portalReady"));
    actor.send({ type: "portal.open" });
    await waitFor(actor, () => calls.some(([name]) => name === "openPortal"));
    expect(calls.at(-1)).toEqual(["openPortal", { url: "https://freshfold.test/sandbox/portal/ps_1" }]);
  });

  it("waits for the calls to finish before leaving for the portal", async () => {
    let releaseWelcome!: () => void;
    const { actor, calls } = start(inputs["without tracker"]!, {
      sendWelcomeEmail: () => new Promise((resolve) => (releaseWelcome = () => resolve({ ok: true, queued: true }))),
    });
    await waitFor(actor, (s) => s.hasTag("portalReady"));
    actor.send({ type: "portal.open" });
    expect(actor.getSnapshot().hasTag("portalOpening")).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls.map(([name]) => name)).not.toContain("openPortal");
    releaseWelcome();
    await waitFor(actor, () => calls.some(([name]) => name === "openPortal"));
    expect(actor.getSnapshot().matches({ portal: "leaving" })).toBe(true);
  });
});

describe("payment-success machine: a billing portal slow to open", () => {
  afterEach(() => vi.useRealTimers());

  /** Pressed once the link is there; leaving answers at once, as window.location.assign does. */
  const leave = async () => {
    vi.useFakeTimers();
    let session = 1;
    const started = start(inputs["without tracker"]!, { requestPortal: async () => `https://billing.stripe.com/p/session/${session++}` });
    // xstate's waitFor, not vi.waitFor, which moves the fake clock on as it polls.
    await waitFor(started.actor, (s) => s.matches({ sequence: "finished", portal: "ready" }));
    started.actor.send({ type: "portal.open" });
    await waitFor(started.actor, (s) => s.matches({ portal: "leaving" }));
    expect(started.calls.filter(([name]) => name === "openPortal")).toHaveLength(1);
    return started;
  };
  const asks = (calls: ReturnType<typeof start>["calls"]) => calls.filter(([name]) => name === "requestPortal").length;

  it("stays busy until the page is gone: taps while the portal loads ask for no more links, until LEAVING_PATIENCE_MS", async () => {
    const { actor, calls } = await leave();
    expect(asks(calls)).toBe(2);
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS - 1);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ portal: "leaving" })).toBe(true);
    expect(snapshot.hasTag("portalOpening")).toBe(true);
    for (let tap = 0; tap < 3; tap++) actor.send({ type: "portal.open" });
    await vi.advanceTimersByTimeAsync(0);
    expect(asks(calls)).toBe(2);
    expect(calls.filter(([name]) => name === "openPortal")).toHaveLength(1);
  });

  it("still here after LEAVING_PATIENCE_MS: the button works again; a press asks for a fresh link and leaves with it", async () => {
    const { actor, calls } = await leave();
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS);
    const stalled = actor.getSnapshot();
    expect(stalled.matches({ portal: "stalled" })).toBe(true);
    expect(stalled.hasTag("portalReady")).toBe(true);
    expect(stalled.hasTag("portalOpening")).toBe(false);
    actor.send({ type: "portal.open" });
    await waitFor(actor, () => calls.filter(([name]) => name === "openPortal").length === 2);
    expect(asks(calls)).toBe(3);
    expect(calls.at(-1)).toEqual(["openPortal", { url: "https://billing.stripe.com/p/session/3" }]);
    expect(actor.getSnapshot().matches({ portal: "leaving" })).toBe(true);
  });

  it("Back from the portal (page.restored) makes the button work again, before the patience or after it, the notice gone", async () => {
    const early = await leave();
    early.actor.send({ type: "page.restored" });
    expect(early.actor.getSnapshot().matches({ portal: "ready" })).toBe(true);
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS * 2);
    expect(early.actor.getSnapshot().matches({ portal: "ready" })).toBe(true);
    early.actor.stop();
    vi.useRealTimers();

    // The portal opened only after the patience (the page said it had not), then Back.
    const late = await leave();
    await vi.advanceTimersByTimeAsync(LEAVING_PATIENCE_MS);
    late.actor.send({ type: "page.restored" });
    expect(late.actor.getSnapshot().matches({ portal: "ready" })).toBe(true);
    expect(late.actor.getSnapshot().hasTag("portalReady")).toBe(true);
  });

  it("a page restored from the cache in any other state changes nothing", async () => {
    vi.useFakeTimers();
    const { actor } = start(inputs["without tracker"]!);
    await waitFor(actor, (s) => s.matches({ sequence: "finished", portal: "ready" }));
    expect(actor.getSnapshot().can({ type: "page.restored" })).toBe(false);
  });
});
