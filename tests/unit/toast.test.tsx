// Toasts: the region mounts with the first toast (not before), shows the toasts asked for while it loaded,
// and every later one.
import { beforeAll, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { LanguageProvider } from "../../src/i18n/language-provider";
import { loadLanguage } from "../../src/i18n/catalogs";
import { showToast, ToastRegion, toastQueue } from "../../src/ui/toast";

beforeAll(async () => {
  await loadLanguage("en");
});

describe("toast region", () => {
  it("renders nothing and loads nothing until the first toast, then shows every toast in its labelled region", async () => {
    render(
      <LanguageProvider initial="en">
        <ToastRegion />
      </LanguageProvider>,
    );
    expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
    expect(toastQueue.listeners.size).toBe(1); // only the mount's own subscription: no region yet

    act(() => {
      showToast({ title: "First", description: "asked for before the region loaded", variant: "destructive" });
      showToast({ title: "Second" });
    });
    // The region's first import transforms react-aria, which no other module of this test has loaded: slow.
    const region = await screen.findByRole("region", { name: "Notifications" }, { timeout: 15_000 });
    expect(await screen.findByText("First")).toBeTruthy();
    expect(screen.getByText("asked for before the region loaded")).toBeTruthy();
    expect(screen.getByText("Second")).toBeTruthy();
    expect(region.querySelector('[data-variant="destructive"]')?.textContent).toContain("First");
    expect(toastQueue.pending).toHaveLength(0);

    act(() => showToast({ title: "Third", variant: "success" }));
    expect(await screen.findByText("Third")).toBeTruthy();
  }, 30_000);
});
