// The login page (src/contact/login-page.tsx) over a stubbed fetch: a browser that paid is answered the portal link
// and leaves for it (checked as every hosted link is), and a sign-in link's request key is the tab's for its address
// (decision 018), so a reload while a request is on its way asks as the same request and e-mails no second link.
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { LanguageProvider } from "../../src/i18n/language-provider";
import { loadLanguage } from "../../src/i18n/catalogs";
import LoginPage from "../../src/contact/login-page";
import { leaveFor } from "../../src/browser/tab-session";

// Leaving is a full navigation: the test records where the page went instead.
vi.mock("../../src/browser/tab-session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/browser/tab-session")>()),
  leaveFor: vi.fn(),
}));

/** What the server answers each ask, in turn; "hold" keeps the ask pending (a slow network). */
type Answer = Record<string, unknown> | "hold";
let answers: Answer[] = [];
let asks: URL[] = [];

beforeAll(async () => {
  await loadLanguage("en");
});

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leaveFor).mockReset();
  answers = [];
  asks = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      asks.push(new URL(url, window.location.origin));
      const answer = answers.shift() ?? { sent: true };
      if (answer === "hold") {
        return new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))));
      }
      return Response.json(answer);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show() {
  const router = createMemoryRouter([{ path: "*", element: <LoginPage /> }], { initialEntries: ["/login"] });
  return render(
    <LanguageProvider initial="en">
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

async function askFor(email: string) {
  const user = userEvent.setup();
  const field = screen.getByRole("textbox", { name: /Email/ });
  await user.clear(field);
  await user.type(field, email);
  await user.click(screen.getByRole("button", { name: "Email me a link to my billing portal" }));
}

const keyOf = (ask: URL | undefined) => ask?.searchParams.get("requestId");

describe("login page: the paying browser's portal", () => {
  it("leaves for the portal link the server answers, saying it opens the portal rather than that a link was e-mailed", async () => {
    const link = `${window.location.origin}/sandbox/portal/ps_1`;
    answers = [{ portal_url: link }];
    show();
    await askFor("ana@example.com");
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(link));
    expect(leaveFor).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Opening your billing portal…")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Check your email" })).toBeNull();
    expect(screen.queryByText(/we've emailed you a link/)).toBeNull();
    expect(asks.map((a) => a.pathname)).toEqual(["/api/payments/create-portal-session/ana%40example.com"]);
  });

  it("shows the form as it was when the browser comes back from the portal to the page as it left it (back-forward cache)", async () => {
    answers = [{ portal_url: `${window.location.origin}/sandbox/portal/ps_1` }];
    show();
    await askFor("ana@example.com");
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    screen.getByText("Opening your billing portal…");
    const restored = new Event("pageshow");
    Object.defineProperty(restored, "persisted", { value: true });
    act(() => {
      window.dispatchEvent(restored);
    });
    await waitFor(() => expect(screen.queryByText("Opening your billing portal…")).toBeNull());
    expect(screen.getByRole("button", { name: "Email me a link to my billing portal" }).hasAttribute("disabled")).toBe(false);
  });

  it("leaves for the payment provider's portal too", async () => {
    answers = [{ portal_url: "https://billing.stripe.com/p/session/test_1" }];
    show();
    await askFor("ana@example.com");
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://billing.stripe.com/p/session/test_1"));
  });

  it.each([
    ["another site", "https://billing.stripe.com.evil.example/p/session/1"],
    ["a script", "javascript:alert(1)"],
  ])("takes a portal link to %s for a failure: it goes nowhere and offers Try again", async (_, link) => {
    answers = [{ portal_url: link }, { sent: true }];
    show();
    await askFor("ana@example.com");
    await screen.findByRole("heading", { name: "We couldn't send the link right now. Please try again in a minute." });
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.queryByText("Opening your billing portal…")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Check your email" })).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { name: "Check your email" });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("takes an answer with neither a link nor `sent` for a failure", async () => {
    answers = [{}];
    show();
    await askFor("ana@example.com");
    await screen.findByRole("heading", { name: "We couldn't send the link right now. Please try again in a minute." });
    expect(leaveFor).not.toHaveBeenCalled();
  });
});

describe("login page: a sign-in link's request key", () => {
  it("is the tab's for the address: a reload while the ask is on its way asks again with the same key", async () => {
    answers = ["hold", { sent: true }];
    const page = show();
    await askFor("ana@example.com");
    await waitFor(() => expect(asks).toHaveLength(1));
    screen.getByRole("button", { name: "Sending..." });
    // The reload: the page is gone with its state, the tab's storage stays.
    page.unmount();
    show();
    await askFor("ana@example.com");
    await screen.findByRole("heading", { name: "Check your email" });
    expect(asks).toHaveLength(2);
    expect(keyOf(asks[0])).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(asks[1])).toBe(keyOf(asks[0]));
  });

  it("is another for another address", async () => {
    answers = ["hold", { sent: true }];
    const page = show();
    await askFor("ana@example.com");
    await waitFor(() => expect(asks).toHaveLength(1));
    page.unmount();
    show();
    await askFor("luis@example.com");
    await screen.findByRole("heading", { name: "Check your email" });
    const [ana, luis] = asks.map(keyOf);
    expect(luis).toMatch(/^[0-9a-f]{32}$/);
    expect(luis).not.toBe(ana);
  });

  it("is a new one once a link was sent, in the page and after a reload", async () => {
    answers = [{ sent: true }, { sent: true }, { sent: true }];
    const page = show();
    await askFor("ana@example.com");
    await screen.findByRole("heading", { name: "Check your email" });
    await askFor("ana@example.com");
    await waitFor(() => expect(asks).toHaveLength(2));
    await screen.findByRole("heading", { name: "Check your email" });
    page.unmount();
    show();
    await askFor("ana@example.com");
    await screen.findByRole("heading", { name: "Check your email" });
    const [first, again, reloaded] = asks.map(keyOf);
    for (const key of [first, again, reloaded]) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([first, again, reloaded]).size).toBe(3);
  });

  it("is the page's own when the tab's storage is blocked: Try again asks with the same key", async () => {
    // As with the browser's storage turned off: reading window.sessionStorage throws.
    const blocked = vi.fn(() => {
      throw new DOMException("Blocked", "SecurityError");
    });
    const own = Object.getOwnPropertyDescriptor(window, "sessionStorage");
    Object.defineProperty(window, "sessionStorage", { configurable: true, get: blocked });
    onTestFinished(() => {
      if (own) Object.defineProperty(window, "sessionStorage", own);
      else delete (window as { sessionStorage?: Storage }).sessionStorage;
    });
    // The first ask fails (a 503): its repeat must be the same request.
    vi.mocked(fetch).mockImplementationOnce(async (url) => {
      asks.push(new URL(String(url), window.location.origin));
      return Response.json({ error: { code: "unavailable", message: "down" } }, { status: 503, statusText: "Service Unavailable" });
    });
    show();
    await askFor("ana@example.com");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { name: "Check your email" });
    await askFor("ana@example.com");
    await waitFor(() => expect(asks).toHaveLength(3));
    const [first, retry, next] = asks.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(next).not.toBe(first);
    expect(blocked).toHaveBeenCalled();
  });
});
