// The portal link's token kept in the tab while its request is out (src/checkout/portal-token-tab.ts): what a reload
// carries on with, and what it must not (a spent token, another load, a late one), and the address's mark.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetPortalToken, keepPortalToken, PORTAL_TOKEN_KEY, PORTAL_TOKEN_RESUME_MS, resumablePortalToken } from "../../src/checkout/portal-token-tab";

const address = () => `${window.location.pathname}${window.location.search}`;
const t0 = 1_800_000_000_000;

describe("the portal link's token kept in the tab", () => {
  beforeEach(() => window.history.replaceState({ idx: 3 }, "", "/es/?token=w.secret"));
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("while its request is out: out of the address (an empty ?token= in its place, the history state kept), in the tab", () => {
    keepPortalToken("w.secret", t0);
    expect(address()).toBe("/es/?token=");
    expect(window.history.state).toEqual({ idx: 3 });
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toContain("w.secret");
  });

  it("an older link's address keeps its e-mail, the token's place marked", () => {
    window.history.replaceState(null, "", "/?email=ana%40example.com&token=w.secret");
    keepPortalToken("w.secret", t0);
    expect(address()).toBe("/?email=ana%40example.com&token=");
    forgetPortalToken(keepPortalToken("w.secret", t0));
    expect(address()).toBe("/?email=ana%40example.com");
  });

  it("a reload or a new load of the address (the language switch) carries on with it, within the while", () => {
    keepPortalToken("w.secret", t0);
    expect(resumablePortalToken(t0 + 1_000, "reload")).toBe("w.secret");
    expect(resumablePortalToken(t0 + PORTAL_TOKEN_RESUME_MS, "navigate")).toBe("w.secret");
  });

  it("Back or Forward to the page, an unknown kind of load, a late load or a clock set back carry on with nothing, and the tab forgets it", () => {
    for (const [now, load] of [
      [t0 + 1_000, "back_forward"],
      [t0 + 1_000, "prerender"],
      [t0 + 1_000, undefined],
      [t0 + PORTAL_TOKEN_RESUME_MS + 1, "reload"],
      [t0 - 1, "reload"],
    ] as const) {
      keepPortalToken("w.secret", t0);
      expect(resumablePortalToken(now, load), `${load} at ${now - t0}`).toBe("");
      expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    }
  });

  it("once its request has ended, the tab keeps nothing and the address loses its mark", () => {
    const request = keepPortalToken("w.secret", t0);
    forgetPortalToken(request);
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    expect(address()).toBe("/es/");
    expect(window.history.state).toEqual({ idx: 3 });
    expect(resumablePortalToken(t0 + 1_000, "reload")).toBe("");
  });

  it("the end of an earlier request (one given up as the next started) leaves the next one's token and mark", () => {
    const earlier = keepPortalToken("w.secret", t0);
    const next = keepPortalToken("w.secret", t0 + 10);
    forgetPortalToken(earlier);
    expect(address()).toBe("/es/?token=");
    expect(resumablePortalToken(t0 + 1_000, "reload")).toBe("w.secret");
    forgetPortalToken(next);
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
  });

  it("ignores what is not a kept token (unreadable, another shape, a blank token)", () => {
    for (const stored of ["{", "null", JSON.stringify({ token: "w.secret" }), JSON.stringify({ token: " ", at: t0, request: "0".repeat(32) }), JSON.stringify({ token: "w.secret", at: t0, request: "x" })]) {
      sessionStorage.setItem(PORTAL_TOKEN_KEY, stored);
      expect(resumablePortalToken(t0 + 1_000, "reload"), stored).toBe("");
    }
  });
});
