// The login page (src/contact/login-page.tsx) over a stubbed fetch: a browser that paid is answered the portal link
// and leaves for it (checked as every hosted link is).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
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
