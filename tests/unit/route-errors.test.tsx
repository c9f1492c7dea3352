// What a visitor sees when a page fails: to load (one automatic reload, then a message) or while rendering.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { LanguageProvider } from "../../src/i18n/language-provider";
import { loadLanguage } from "../../src/i18n/catalogs";
import type { Language } from "../../src/i18n/languages";
import { page, SiteRoutes, type PageRoute } from "../../src/app/router";
import { AppErrorBoundary } from "../../src/app/route-error-page";
import { claimAutomaticReload, importOrReload, isModuleLoadError, reloadCooldownMs } from "../../src/loading/stale-build";

const chunkError = () => new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/pricing-page-Ab12.js");

describe("a failed module load", () => {
  it.each([
    ["Chromium", "Failed to fetch dynamically imported module: http://localhost/assets/a-1.js"],
    ["Firefox", "error loading dynamically imported module: http://localhost/assets/a-1.js"],
    ["Safari", "Importing a module script failed."],
    ["Vite's CSS preload", "Unable to preload CSS for /assets/a-1.css"],
  ])("is recognised as %s words it", (_browser, message) => {
    expect(isModuleLoadError(new TypeError(message))).toBe(true);
  });

  it("is not any other error", () => {
    expect(isModuleLoadError(new Error("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isModuleLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isModuleLoadError(undefined)).toBe(false);
  });
});

describe("the automatic reload", () => {
  beforeEach(() => sessionStorage.clear());

  it("is taken once, then refused until the cool-down has passed", () => {
    const t0 = 1_000_000;
    expect(claimAutomaticReload(sessionStorage, true, t0)).toBe(true);
    expect(claimAutomaticReload(sessionStorage, true, t0 + 1_000)).toBe(false);
    expect(claimAutomaticReload(sessionStorage, true, t0 + reloadCooldownMs - 1)).toBe(false);
    expect(claimAutomaticReload(sessionStorage, true, t0 + reloadCooldownMs)).toBe(true);
  });

  it("is taken at once for code outside a page (the catalogs), which then never settles", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    try {
      let settled = false;
      void importOrReload(() => Promise.reject(chunkError())).finally(() => (settled = true));
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      // Within the cool-down the failure is real: it rejects, and nothing reloads again.
      await expect(importOrReload(() => Promise.reject(chunkError()))).rejects.toThrow(/dynamically imported module/);
      await expect(importOrReload(() => Promise.reject(new Error("a bug")))).rejects.toThrow("a bug");
      expect(reload).toHaveBeenCalledTimes(1);
      await expect(importOrReload(() => Promise.resolve("loaded"))).resolves.toBe("loaded");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("is refused offline, and when storage is blocked", () => {
    expect(claimAutomaticReload(sessionStorage, false)).toBe(false);
    const blocked = { getItem: () => { throw new DOMException("blocked", "SecurityError"); } } as unknown as Storage;
    expect(claimAutomaticReload(blocked, true)).toBe(false);
  });
});

describe("the error pages", () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeAll(async () => {
    await loadLanguage("es");
    await loadLanguage("en");
  });
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("location", { ...window.location, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  type Pages = Pick<PageRoute, "path" | "Page">[];
  async function renderAt(language: Language, path: string, pages: Pages) {
    await loadLanguage(language);
    return render(
      <LanguageProvider initial={language}>
        <MemoryRouter initialEntries={[path]}>
          <SiteRoutes pages={pages} />
        </MemoryRouter>
      </LanguageProvider>,
    );
  }

  // A fresh page each time: a page keeps its failure, as React.lazy does.
  const failingToLoad = (): Pages => [{ path: "/pricing", Page: page(() => Promise.reject(chunkError())) }];
  function Broken(): never {
    throw new Error("a bug");
  }

  it("shows the layout with its loading space while the first page's code loads, without a router warning", async () => {
    const warn = vi.spyOn(console, "warn");
    let release!: () => void;
    const loading = new Promise<{ default: () => React.ReactNode }>((resolve) => (release = () => resolve({ default: () => <h1>Pricing</h1> })));
    await renderAt("en", "/pricing", [{ path: "/pricing", Page: page(() => loading) }]);
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("main").querySelector('[aria-busy="true"]')).toBeTruthy();
    release();
    expect(await screen.findByRole("heading", { level: 1, name: "Pricing" })).toBeTruthy();
    expect(warn.mock.calls.flat().join(" ")).not.toMatch(/HydrateFallback/);
  });

  it("reloads once when a page's code fails to load, showing the layout's loading space meanwhile", async () => {
    await renderAt("en", "/pricing", failingToLoad());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main").querySelector('[aria-busy="true"]')).toBeTruthy();
  });

  it("never reloads for a page that fails for another reason while loading", async () => {
    await renderAt("en", "/pricing", [{ path: "/pricing", Page: page(() => Promise.reject(new Error("a bug at module level"))) }]);
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it("says the page could not load when the reload did not help, keeping header and footer (en, es)", async () => {
    claimAutomaticReload(sessionStorage, true);
    const english = await renderAt("en", "/pricing", failingToLoad());
    expect(await screen.findByRole("heading", { level: 1, name: "We couldn't load this page" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Check your connection and try again.");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    english.unmount();

    await renderAt("es", "/pricing", failingToLoad());
    expect(await screen.findByRole("heading", { level: 1, name: "No pudimos cargar esta página" })).toBeTruthy();
    const main = screen.getByRole("main");
    within(main).getByRole("button", { name: "Intentar de nuevo" }).click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(within(main).getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe("/");
  });

  it("shows a page that fails while rendering at once, without reloading (en, es)", async () => {
    const english = await renderAt("en", "/pricing", [{ path: "/pricing", Page: Object.assign(Broken, { preload: async () => {} }) }]);
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith("The page failed:", expect.objectContaining({ message: "a bug" }));
    english.unmount();

    await renderAt("es", "/pricing", [{ path: "/pricing", Page: Object.assign(Broken, { preload: async () => {} }) }]);
    expect(await screen.findByRole("heading", { level: 1, name: "Algo salió mal" })).toBeTruthy();
  });

  it("shows the last-resort page, without the layout, when the layout itself fails", async () => {
    await loadLanguage("es");
    render(
      <LanguageProvider initial="es">
        <MemoryRouter initialEntries={["/"]}>
          <AppErrorBoundary>
            <Broken />
          </AppErrorBoundary>
        </MemoryRouter>
      </LanguageProvider>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Algo salió mal" })).toBeTruthy();
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe("/");
  });
});
