// The billing-portal redirect of home with ?email= or ?token=: model-based coverage, then its behaviour with
// recorded actors.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor, type EventObject } from "xstate";
import { emailSchema } from "#contract/common";
import { portalRedirectMachine, type PortalRedirectInput } from "#machines/portal-redirect.machine";
import { actorOutcomes, recordedActors, uncovered, walkModel } from "./helpers/model";

const spoof = "your account is suspended. Call 305-555-0000 now";
/** The key decision 018 has the page send with a request for a sign-in link: 32 hex digits. */
const requestKey = /^[0-9a-f]{32}$/;
const origins = { ownOrigin: "https://freshfold.test", providerOrigins: ["https://billing.stripe.com"] };
const inputs: Record<string, PortalRedirectInput> = {
  "with an e-mail and a token": { email: "ana@example.com", token: "w.1.sig", ...origins },
  "with a token only (the e-mails' links)": { email: "", token: "w.iv.tag.sealed", ...origins },
  "with an e-mail and no token": { email: "ana@example.com", ...origins },
  "with an empty e-mail": { email: "", ...origins },
  "with a blank e-mail": { email: "   ", ...origins },
  // Any text can be put in ?email= (content spoofing on the official page): what is no e-mail address counts as none.
  "with a malformed e-mail": { email: spoof, ...origins },
  "with a malformed e-mail and a token": { email: spoof, token: "w.1.sig", ...origins },
};

const allEvents: EventObject[] = [
  ...actorOutcomes({
    requestPortal: ["https://billing.stripe.com/p/session/1", "https://freshfold.test/sandbox/portal/ps_1", "javascript:alert(1)", null],
    requestLink: [undefined],
    redirect: [undefined],
    reload: [undefined],
  }),
  { type: "link.request" },
  { type: "portal.retry" },
  { type: "page.restored" },
];

const silent = portalRedirectMachine.provide({ actions: { warn: () => {} } });

describe("portal-redirect machine: model", () => {
  it("covers every state and every transition across its inputs", () => {
    const { runs, total } = walkModel("portal-redirect", silent, { inputs, events: allEvents });
    for (const { paths, input } of runs) {
      const { token } = input as PortalRedirectInput;
      for (const path of paths) {
        const { context } = path.state;
        // Only an e-mail address is kept (and ever shown): anything else in ?email= counts as none.
        if (context.email !== "") expect(emailSchema.safeParse(context.email).success).toBe(true);
        expect(context.email).not.toContain("suspended");
        // A request for a sign-in link always carries its key (decision 018).
        if (path.state.matches("requestingLink")) expect(context.requestId).toMatch(requestKey);
        // The error page always names one of the two errors; the browser is only ever sent to an allowed link.
        if (path.state.matches("error")) expect(context.error).toBe(context.email || token?.trim() ? "portalFailed" : "missingEmail");
        // A failed portal request (only ever with a token) says so, and only it offers to ask again.
        else if (path.state.matches("failed")) {
          expect(token?.trim()).toBeTruthy();
          expect(context.error).toBe("portalFailed");
        } else expect(context.error).toBeNull();
        expect(path.state.can({ type: "portal.retry" })).toBe(path.state.matches("failed"));
        if (path.state.matches("redirecting")) expect(context.link).toMatch(/^https:\/\/(billing\.stripe\.com|freshfold\.test)\//);
        // Only a page that left for the portal is loaded afresh when it comes back; busy until the new load.
        if (path.state.matches("returned")) {
          expect(context.link).toMatch(/^https:\/\/(billing\.stripe\.com|freshfold\.test)\//);
          expect(path.state.hasTag("busy")).toBe(true);
        }
        // Only a page that is leaving answers the back-forward cache's restore: every other state is usable as it is.
        expect(path.state.can({ type: "page.restored" })).toBe(path.state.matches("redirecting"));
        // Without a token the portal is never requested, nor the browser sent anywhere.
        if (!token) expect((["redirecting", "requesting", "returned"] as const).some((s) => path.state.matches(s))).toBe(false);
      }
    }
    expect(uncovered(silent, total)).toEqual({ states: [], transitions: [] });
  }, 30_000);
});

function start(email: string, requestPortal: () => Promise<string | null>, token = "w.1.sig") {
  const { calls, actors } = recordedActors({ requestPortal, redirect: async () => undefined, reload: async () => undefined });
  const actor = createActor(portalRedirectMachine.provide({ actors }), { input: { email, token, ...origins } });
  actor.start();
  return { actor, calls };
}

describe("portal-redirect machine: behaviour", () => {
  afterEach(() => vi.restoreAllMocks());

  it("requests the portal for the e-mail and sends the browser to it", async () => {
    const { actor, calls } = start(" ana@example.com ", async () => "https://billing.stripe.com/p/session/1");
    expect(actor.getSnapshot().value).toBe("requesting");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, () => calls.length === 2);
    expect(calls).toEqual([
      ["requestPortal", { email: "ana@example.com", token: "w.1.sig" }],
      ["redirect", { url: "https://billing.stripe.com/p/session/1" }],
    ]);
    expect(actor.getSnapshot().value).toBe("redirecting");
  });

  it("with a token and no e-mail (the e-mails' links) requests the portal with the token alone and sends the browser to it", async () => {
    const { actor, calls } = start("", async () => "https://billing.stripe.com/p/session/2", " w.iv.tag.sealed ");
    expect(actor.getSnapshot().value).toBe("requesting");
    await waitFor(actor, () => calls.length === 2);
    expect(calls).toEqual([
      ["requestPortal", { token: "w.iv.tag.sealed" }],
      ["redirect", { url: "https://billing.stripe.com/p/session/2" }],
    ]);
    expect(actor.getSnapshot().value).toBe("redirecting");
  });

  it("a token alone that the server does not accept ends on the e-mailed-link confirmation", async () => {
    const { actor, calls } = start("", async () => null, "s.used");
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("linkSent");
    expect(calls).toEqual([["requestPortal", { token: "s.used" }]]);
  });

  it("without a token asks no portal: it offers the e-mailed link, and confirms it was sent", async () => {
    const { actor, calls } = start("ana@example.com", async () => null, "");
    expect(actor.getSnapshot().value).toBe("needsLink");
    expect(calls).toEqual([]);
    actor.send({ type: "link.request" });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("linkSent");
    expect(calls).toEqual([["requestPortal", { email: "ana@example.com", requestId: expect.stringMatching(requestKey) }]]);
  });

  it("a token the server does not accept ends on the e-mailed-link confirmation, never a redirect", async () => {
    const { actor, calls } = start("ana@example.com", async () => null, "s.expired");
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("linkSent");
    expect(calls.map(([name]) => name)).toEqual(["requestPortal"]);
  });

  it("a failed request for a link goes back to the offer, with the failure shown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { actor } = start(
      "ana@example.com",
      async () => {
        throw new Error("API Error: 429 Too Many Requests");
      },
      "",
    );
    actor.send({ type: "link.request" });
    await waitFor(actor, (s) => s.matches("needsLink") && s.context.sendFailed);
    expect(actor.getSnapshot().context.sendFailed).toBe(true);
  });

  it("offers the link with no failure shown, sends the e-mail trimmed while busy, and a retry that works clears the failure", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let attempts = 0;
    const { actor, calls } = start(
      " ana@example.com ",
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("API Error: 503 Service Unavailable");
        return null;
      },
      "",
    );
    expect(actor.getSnapshot().context.sendFailed).toBe(false);
    actor.send({ type: "link.request" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (s) => s.matches("needsLink") && s.context.sendFailed);
    expect(warn).toHaveBeenCalledWith("portal-redirect: requestLink failed", expect.objectContaining({ message: "API Error: 503 Service Unavailable" }));
    actor.send({ type: "link.request" });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("linkSent");
    expect(actor.getSnapshot().context.sendFailed).toBe(false);
    expect(calls).toEqual([
      ["requestPortal", { email: "ana@example.com", requestId: expect.stringMatching(requestKey) }],
      ["requestPortal", { email: "ana@example.com", requestId: expect.stringMatching(requestKey) }],
    ]);
  });

  it("a retry after a lost answer asks with the same key (one link e-mailed, decision 018); the page opened again asks with a new one", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let attempts = 0;
    const first = start(
      "ana@example.com",
      async () => {
        attempts += 1;
        // The request may have reached the server, which e-mailed a link, while its answer never came back.
        if (attempts === 1) throw new DOMException("The call took too long.", "TimeoutError");
        return null;
      },
      "",
    );
    first.actor.send({ type: "link.request" });
    await waitFor(first.actor, (s) => s.matches("needsLink") && s.context.sendFailed);
    first.actor.send({ type: "link.request" });
    await waitFor(first.actor, (s) => s.status === "done");
    expect(first.actor.getSnapshot().value).toBe("linkSent");
    const keys = first.calls.map(([, input]) => (input as { requestId?: string }).requestId);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(requestKey);
    expect(keys[1]).toBe(keys[0]);

    // Answered, the request is over: the page offers no new one, and a new request (the link opened again) is a new key.
    expect(first.actor.getSnapshot().can({ type: "link.request" })).toBe(false);
    const again = start("ana@example.com", async () => null, "");
    again.actor.send({ type: "link.request" });
    await waitFor(again.actor, (s) => s.status === "done");
    expect(again.calls).toEqual([["requestPortal", { email: "ana@example.com", requestId: expect.stringMatching(requestKey) }]]);
    expect((again.calls[0]![1] as { requestId: string }).requestId).not.toBe(keys[0]);
  });

  it("takes a malformed ?email= for none: without a token the missing e-mail error, no offer and no call", () => {
    for (const email of [spoof, "ana@example", "ana@@example.com", "ana @example.com", `${"a".repeat(250)}@example.com`]) {
      const { actor, calls } = start(email, async () => null, "");
      expect(actor.getSnapshot().value).toBe("error");
      expect(actor.getSnapshot().context.error).toBe("missingEmail");
      expect(actor.getSnapshot().context.email).toBe("");
      expect(calls).toEqual([]);
    }
  });

  it("with a token, a malformed ?email= is left out of the request and of the confirmation", async () => {
    const { actor, calls } = start(spoof, async () => null, "s.used");
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("linkSent");
    expect(actor.getSnapshot().context.email).toBe("");
    expect(calls).toEqual([["requestPortal", { token: "s.used" }]]);
  });

  it("with a token, an e-mail of spaces is left out of the portal request", async () => {
    const { actor, calls } = start("   ", async () => null, "w.1.sig");
    await waitFor(actor, (s) => s.status === "done");
    expect(calls).toEqual([["requestPortal", { token: "w.1.sig" }]]);
  });

  it("shows the missing e-mail error without any call when the link has neither an e-mail nor a token", () => {
    const { actor, calls } = start("", async () => "https://billing.stripe.com/p/session/1", " ");
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.error).toBe("missingEmail");
    expect(calls).toEqual([]);
  });

  it("takes an e-mail of spaces alone for none: the missing e-mail error, no offer of a link", () => {
    const { actor, calls } = start("   ", async () => "https://billing.stripe.com/p/session/1", "");
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.error).toBe("missingEmail");
    expect(calls).toEqual([]);
  });

  it("a failed call ends on the portal error with Try again; a link elsewhere on the final one (asking again gets the same); both logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failed = start("ana@example.com", async () => {
      throw new Error("API Error: 404 Not Found");
    });
    await waitFor(failed.actor, (s) => s.matches("failed"));
    expect(failed.actor.getSnapshot().context.error).toBe("portalFailed");
    expect(warn).toHaveBeenCalledWith("portal-redirect: requestPortal failed", expect.objectContaining({ message: "API Error: 404 Not Found" }));

    expect(failed.actor.getSnapshot().can({ type: "portal.retry" })).toBe(true);

    const elsewhere = start("ana@example.com", async () => "https://evil.example/portal");
    await waitFor(elsewhere.actor, (s) => s.matches("error"));
    expect(elsewhere.actor.getSnapshot().context.error).toBe("portalFailed");
    expect(elsewhere.actor.getSnapshot().can({ type: "portal.retry" })).toBe(false);
    expect(elsewhere.calls.map(([name]) => name)).toEqual(["requestPortal"]);
    expect(warn).toHaveBeenCalledWith("portal-redirect: portalLinkRefused failed", "https://evil.example/portal");
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("a browser that cannot leave for the portal ends on the portal error, logged; it is busy while leaving", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let leave: (error: Error) => void = () => {};
    const { actors, calls } = recordedActors({
      requestPortal: async () => "https://billing.stripe.com/p/session/3",
      redirect: () => new Promise<undefined>((_, reject) => (leave = reject)),
    });
    const actor = createActor(portalRedirectMachine.provide({ actors }), { input: { email: "ana@example.com", token: "w.1.sig", ...origins } }).start();
    await waitFor(actor, (s) => s.matches("redirecting"));
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    leave(new Error("navigation blocked"));
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.error).toBe("portalFailed");
    expect(warn).toHaveBeenCalledWith("portal-redirect: redirect failed", expect.objectContaining({ message: "navigation blocked" }));
    // Try again leaves again for the link it was given: the token (a sign-in link's works once) is not asked again.
    actor.send({ type: "portal.retry" });
    expect(actor.getSnapshot().matches("redirecting")).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches("redirecting"));
    expect(calls.map(([name, input]) => [name, input])).toEqual([
      ["requestPortal", { email: "ana@example.com", token: "w.1.sig" }],
      ["redirect", { url: "https://billing.stripe.com/p/session/3" }],
      ["redirect", { url: "https://billing.stripe.com/p/session/3" }],
    ]);
  });

  it("after a failed portal request (a stalled one given up at its deadline), Try again asks once more with the same token and goes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let attempts = 0;
    const { actor, calls } = start(
      "",
      async () => {
        attempts += 1;
        if (attempts === 1) throw new DOMException("The call took too long.", "TimeoutError");
        return "https://billing.stripe.com/p/session/4";
      },
      "s.link",
    );
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.error).toBe("portalFailed");
    expect(actor.getSnapshot().status).toBe("active");
    expect(warn).toHaveBeenCalledWith("portal-redirect: requestPortal failed", expect.objectContaining({ name: "TimeoutError" }));
    actor.send({ type: "portal.retry" });
    expect(actor.getSnapshot().value).toBe("requesting");
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, () => calls.length === 3);
    expect(calls).toEqual([
      ["requestPortal", { token: "s.link" }],
      ["requestPortal", { token: "s.link" }],
      ["redirect", { url: "https://billing.stripe.com/p/session/4" }],
    ]);
  });

  it("Back from the portal (the page restored from the back-forward cache while leaving) loads the page afresh, busy until it does", async () => {
    const { actor, calls } = start("", async () => "https://billing.stripe.com/p/session/5", "w.iv.tag.sealed");
    await waitFor(actor, () => calls.length === 2);
    expect(actor.getSnapshot().value).toBe("redirecting");
    actor.send({ type: "page.restored" });
    expect(actor.getSnapshot().value).toBe("returned");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, () => calls.length === 3);
    expect(calls).toEqual([
      ["requestPortal", { token: "w.iv.tag.sealed" }],
      ["redirect", { url: "https://billing.stripe.com/p/session/5" }],
      ["reload", undefined],
    ]);
    // The load on its way, a second restore changes nothing: one reload, no request, no leaving again.
    expect(actor.getSnapshot().can({ type: "page.restored" })).toBe(false);
    actor.send({ type: "page.restored" });
    expect(actor.getSnapshot().value).toBe("returned");
    expect(actor.getSnapshot().status).toBe("active");
    expect(calls).toHaveLength(3);
  });

  it("a restore on a page that is not leaving (the offer, the confirmation, an error) changes nothing: those pages are usable", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const offer = start("ana@example.com", async () => null, "");
    offer.actor.send({ type: "page.restored" });
    expect(offer.actor.getSnapshot().value).toBe("needsLink");

    const sent = start("", async () => null, "s.used");
    await waitFor(sent.actor, (s) => s.status === "done");
    sent.actor.send({ type: "page.restored" });
    expect(sent.actor.getSnapshot().value).toBe("linkSent");

    const failed = start("", async () => {
      throw new Error("API Error: 503 Service Unavailable");
    });
    await waitFor(failed.actor, (s) => s.matches("failed"));
    failed.actor.send({ type: "page.restored" });
    expect(failed.actor.getSnapshot().value).toBe("failed");
    expect([...sent.calls, ...failed.calls, ...offer.calls].map(([name]) => name)).not.toContain("reload");
  });

  it("a page that cannot be loaded again after Back (never seen) ends on the portal error, logged, with Try again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { actors, calls } = recordedActors({
      requestPortal: async () => "https://billing.stripe.com/p/session/6",
      redirect: async () => undefined,
      reload: async () => {
        throw new Error("reload blocked");
      },
    });
    const actor = createActor(portalRedirectMachine.provide({ actors }), { input: { email: "", token: "w.1.sig", ...origins } }).start();
    await waitFor(actor, () => calls.length === 2);
    actor.send({ type: "page.restored" });
    await waitFor(actor, (s) => s.matches("failed"), { timeout: 2_000 });
    expect(actor.getSnapshot().context.error).toBe("portalFailed");
    expect(actor.getSnapshot().can({ type: "portal.retry" })).toBe(true);
    expect(warn).toHaveBeenCalledWith("portal-redirect: reload failed", expect.objectContaining({ message: "reload blocked" }));
  });

  it("the missing e-mail error offers no retry", () => {
    const { actor } = start("", async () => "https://billing.stripe.com/p/session/1", "");
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().can({ type: "portal.retry" })).toBe(false);
  });
});
