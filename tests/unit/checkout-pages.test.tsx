// The checkout pages rendered with their real machines and actors over a stubbed fetch.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useSearchParams } from "react-router";
import { LanguageProvider } from "../../src/i18n/language-provider";
import { loadLanguage } from "../../src/i18n/catalogs";
import PaymentSuccessPage from "../../src/checkout/payment-success-page";
import PortalRedirectPage from "../../src/checkout/portal-redirect-page";
import { CHECKOUT_FORM_KEY } from "#domain/signup-storage";
import { PORTAL_TOKEN_KEY } from "../../src/checkout/portal-token-tab";
import { validClient } from "../fixtures/client";

const client = validClient();

let requests: string[] = [];
let releasePortal: () => void = () => {};
let releaseToken: () => void = () => {};

beforeAll(async () => {
  await loadLanguage("en");
});

beforeEach(() => {
  sessionStorage.clear();
  requests = [];
  vi.stubGlobal("fetch", vi.fn(async (url: string, init: RequestInit) => {
    requests.push(`${init.method} ${url}`);
    // The portal from a token alone: the body is recorded too; the server's neutral answer.
    if (url.endsWith("/payments/portal-session")) {
      requests.push(String(init.body));
      if (String(init.body).includes("w.slow")) {
        await new Promise<void>((resolve, reject) => {
          releaseToken = resolve;
          init.signal?.addEventListener("abort", () => reject(init.signal!.reason));
        });
      }
      return Response.json({ sent: true });
    }
    if (url.includes("create-portal-session/nobody")) return Response.json({ error: { code: "not_found", message: "No subscription" } }, { status: 404, statusText: "Not Found" });
    if (url.includes("create-portal-session")) {
      await new Promise<void>((resolve) => (releasePortal = resolve));
      return Response.json({ portal_url: `${window.location.origin}/sandbox/portal/ps_1` });
    }
    if (url.includes("create4customer")) return Response.json({ ok: true, created: true });
    if (url.includes("set_active")) return Response.json({ ok: true, isActive: true });
    if (url.includes("send_welcome_email")) return Response.json({ ok: true, queued: true });
    return Response.json({ error: { code: "not_found", message: "no" } }, { status: 404, statusText: "Not Found" });
  }));
});
afterEach(() => vi.unstubAllGlobals());

function show(element: React.ReactElement, path: string) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  return render(
    <LanguageProvider initial="en">
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

describe("payment success page", () => {
  it("runs the calls once, enables the portal button only once it has a link, and never repeats them", async () => {
    sessionStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify({ form: {}, client, savedAt: "2030-03-01T10:00:00Z" }));
    const first = show(<PaymentSuccessPage />, "/payment-success?session_id=cs_1");
    expect(screen.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeTruthy();
    const button = screen.getByRole("button", { name: "Go to Billing Portal" });
    expect(button.hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect(requests.some((r) => r.includes("create-portal-session"))).toBe(true));
    expect(button.hasAttribute("disabled")).toBe(true);
    releasePortal();
    await waitFor(() => expect(screen.getByRole("button", { name: "Go to Billing Portal" }).hasAttribute("disabled")).toBe(false));
    await waitFor(() => expect(requests).toHaveLength(5));
    expect(requests).toEqual([
      "POST /api/order/create4customer",
      "POST /api/order/create4customer",
      "GET /api/client/set_active/ana%40example.com",
      expect.stringMatching(/^GET \/api\/payments\/create-portal-session\/ana%40example\.com\?requestId=[0-9a-f]{32}$/),
      "POST /api/client/send_welcome_email?email=ana%40example.com",
    ]);
    expect(screen.getByText("Every Tuesday and Thursday")).toBeTruthy();
    first.unmount();
    // Its run claimed, the page left the tab only the e-mail and the days: no name, phone or address.
    const tab = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.getItem(sessionStorage.key(i)!)).join("\n");
    for (const typed of [client.name, client.surname, client.phoneNumber, client.address.street, client.address.unit!]) expect(tab, typed).not.toContain(typed);
    expect(tab).toContain(client.email);

    // A reload of the same checkout: only a fresh portal link.
    requests = [];
    show(<PaymentSuccessPage />, "/payment-success?session_id=cs_1");
    await waitFor(() => expect(requests).toEqual([expect.stringMatching(/^GET \/api\/payments\/create-portal-session\/ana%40example\.com\?requestId=[0-9a-f]{32}$/)]));
    releasePortal();
    await waitFor(() => expect(screen.getByRole("button", { name: "Go to Billing Portal" }).hasAttribute("disabled")).toBe(false));
    expect(requests).toHaveLength(1);
    expect(screen.getByText("Every Tuesday and Thursday")).toBeTruthy();
  });

  it("without the saved form makes no call and links home", async () => {
    show(<PaymentSuccessPage />, "/payment-success");
    expect(screen.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Homepage" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("button", { name: "Go to Billing Portal" })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toEqual([]);
  });
});

describe("portal redirect page", () => {
  it("shows the missing e-mail error under the Error heading", () => {
    show(<PortalRedirectPage email="" />, "/?email=");
    expect(screen.getByRole("heading", { level: 1, name: "Error" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("No email provided in URL");
    expect(screen.getByRole("link", { name: "Return to Homepage" })).toBeTruthy();
  });

  it("shows the portal error when the call with a token fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    show(<PortalRedirectPage email="nobody@example.com" />, "/?email=nobody@example.com&token=t0k3n");
    expect(screen.getByRole("heading", { level: 1, name: "Redirecting to Billing Portal" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Error" })).toBeTruthy());
    expect(screen.getByRole("alert").textContent).toBe("Failed to create portal session. Please try again.");
    expect(requests).toEqual(["GET /api/payments/create-portal-session/nobody%40example.com?token=t0k3n"]);
  });

  it("with a token and no e-mail (the e-mails' links) asks with the token alone; refused, it says a new link was e-mailed", async () => {
    show(<PortalRedirectPage email="" />, "/?token=s.used");
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Check your email" })).toBeTruthy());
    expect(screen.getByRole("status").textContent).toBe(
      "This link has expired or was already used. If it belongs to a subscription with us, we've emailed you a new link to your billing portal. It works once, for 15 minutes.",
    );
    expect(requests).toEqual(["POST /api/payments/portal-session", JSON.stringify({ token: "s.used" })]);
  });

  it("without a token asks for no portal and offers the e-mailed link", async () => {
    show(<PortalRedirectPage email="ana@example.com" />, "/?email=ana@example.com");
    expect(screen.getByRole("heading", { level: 1, name: "Open your billing portal" })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("never shows text put in ?email= that is no e-mail address (content spoofing): it is taken for no e-mail", async () => {
    const spoof = "your account is suspended. Call 305-555-0000 now";
    const alone = show(<PortalRedirectPage email={spoof} />, `/?email=${encodeURIComponent(spoof)}`);
    expect(screen.getByRole("heading", { level: 1, name: "Error" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("No email provided in URL");
    expect(screen.queryByRole("button", { name: "Email me a link to my billing portal" })).toBeNull();
    expect(document.body.textContent).not.toContain("305-555-0000");
    expect(document.title).not.toContain("305-555-0000");
    alone.unmount();

    // With a token the page asks with the token alone and confirms without the text.
    show(<PortalRedirectPage email={spoof} />, `/?email=${encodeURIComponent(spoof)}&token=s.used`);
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Check your email" })).toBeTruthy());
    expect(document.body.textContent).not.toContain("305-555-0000");
    expect(requests).toEqual(["POST /api/payments/portal-session", JSON.stringify({ token: "s.used" })]);
  });

  it("asks for the e-mailed link with a request key, and again with the same key after a failure (decision 018)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    show(<PortalRedirectPage email="nobody@example.com" />, "/?email=nobody@example.com");
    screen.getByRole("button", { name: "Email me a link to my billing portal" }).click();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("We couldn't send the link right now. Please try again in a minute."));
    screen.getByRole("button", { name: "Email me a link to my billing portal" }).click();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]).toMatch(/^GET \/api\/payments\/create-portal-session\/nobody%40example\.com\?requestId=[0-9a-f]{32}$/);
    expect(requests[1]).toBe(requests[0]);
  });

  describe("a reload while the portal request is out", () => {
    // As src/app/home-route.tsx: the redirect with ?token= or ?email=, home without.
    function Home() {
      const [params] = useSearchParams();
      return params.has("token") || params.has("email") ? <PortalRedirectPage email={params.get("email") ?? ""} /> : <h1>Home</h1>;
    }
    const reloaded = (type: string) => vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as unknown as PerformanceEntry]);
    const kept = (token: string, at = Date.now()) => sessionStorage.setItem(PORTAL_TOKEN_KEY, JSON.stringify({ token, at, request: "0".repeat(32) }));
    afterEach(() => {
      vi.restoreAllMocks();
      window.history.replaceState(null, "", "/");
    });

    it("keeps the token in the tab, out of the address, until its request answers; then neither", async () => {
      window.history.replaceState(null, "", "/?token=w.slow");
      show(<Home />, "/?token=w.slow");
      await waitFor(() => expect(requests).toEqual(["POST /api/payments/portal-session", JSON.stringify({ token: "w.slow" })]));
      expect(window.location.search).toBe("?token=");
      expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toContain("w.slow");
      releaseToken();
      await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Check your email" })).toBeTruthy());
      expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
      expect(window.location.search).toBe("");
    });

    it("left within the site while its request is out (the request given up), the tab forgets the token", async () => {
      window.history.replaceState(null, "", "/?token=w.slow");
      const page = show(<Home />, "/?token=w.slow");
      await waitFor(() => expect(requests).toHaveLength(2));
      expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toContain("w.slow");
      page.unmount();
      await waitFor(() => expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull());
    });

    it("reloaded with the mark, carries on with the token the tab kept", async () => {
      reloaded("reload");
      kept("s.used");
      window.history.replaceState(null, "", "/?token=");
      show(<Home />, "/?token=");
      await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Check your email" })).toBeTruthy());
      expect(requests).toEqual(["POST /api/payments/portal-session", JSON.stringify({ token: "s.used" })]);
      expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    });

    it("an older link's address (with ?email=) carries on with the e-mail and the kept token", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      reloaded("navigate");
      kept("w.1.sig");
      show(<Home />, "/?email=nobody@example.com&token=");
      await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Error" })).toBeTruthy());
      expect(requests).toEqual(["GET /api/payments/create-portal-session/nobody%40example.com?token=w.1.sig"]);
    });

    it("the mark with nothing to carry on with (Back to the page, a late reload) is home, and asks nothing", async () => {
      for (const [type, at] of [["back_forward", Date.now()], ["reload", Date.now() - 10 * 60_000]] as const) {
        vi.restoreAllMocks();
        reloaded(type);
        kept("w.1.sig", at);
        const page = show(<Home />, "/?token=");
        await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Home" })).toBeTruthy());
        expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
        page.unmount();
      }
      // With an older link's ?email=, the mark alone is that address as before: the offer of an e-mailed link.
      show(<Home />, "/?email=ana@example.com&token=");
      expect(screen.getByRole("heading", { level: 1, name: "Open your billing portal" })).toBeTruthy();
      expect(requests).toEqual([]);
    });
  });
});
