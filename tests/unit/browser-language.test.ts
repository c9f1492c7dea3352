// The language rule's browser half (src/i18n/browser-language.ts): the saved choice is kept in local storage and
// copied into the cookie the server reads; the browser moves a visitor only for a choice the server could not see.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { languageRedirectInBrowser, saveLanguage } from "../../src/i18n/browser-language";

const cookieValue = () => /(?:^|;\s*)language=([^;]*)/.exec(document.cookie)?.[1] ?? null;
const clearCookie = () => (document.cookie = "language=; Path=/; Max-Age=0");

function visit(path: string, browserLanguages: string[]) {
  window.history.replaceState(null, "", path);
  vi.spyOn(navigator, "languages", "get").mockReturnValue(browserLanguages);
}

describe("the language choice in the browser (product.md SITE-1)", () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookie();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    clearCookie();
  });

  it("saves the footer's choice in local storage and in the cookie the server reads", () => {
    saveLanguage("es");
    expect(localStorage.getItem("language")).toBe("es");
    expect(cookieValue()).toBe("es");
    saveLanguage("en");
    expect(localStorage.getItem("language")).toBe("en");
    expect(cookieValue()).toBe("en");
  });

  it("keeps the choice in the cookie when storage is blocked", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    saveLanguage("es");
    expect(cookieValue()).toBe("es");
  });

  it("moves a visitor whose choice is only in storage (saved before the cookie), writing the cookie first", () => {
    localStorage.setItem("language", "es");
    visit("/pricing?plan=family#faq", ["en-US"]);
    expect(languageRedirectInBrowser()).toBe("/es/pricing?plan=family#faq");
    expect(cookieValue()).toBe("es");

    localStorage.setItem("language", "en");
    visit("/es/faq", ["es-ES"]);
    expect(languageRedirectInBrowser()).toBe("/faq");
    expect(cookieValue()).toBe("en");
  });

  it("stays where the server's rule put the visitor: no saved choice, or one the cookie already holds", () => {
    visit("/pricing", ["es-ES"]);
    // The server answered this page to a Spanish browser, so its Accept-Language said otherwise: the server decides.
    expect(languageRedirectInBrowser()).toBeNull();
    visit("/es/pricing", ["en-US"]);
    expect(languageRedirectInBrowser()).toBeNull();
    saveLanguage("es");
    expect(languageRedirectInBrowser()).toBeNull();
  });

  it("takes the cookie as the saved choice when storage holds none, so the two halves never send a visitor back and forth", () => {
    document.cookie = "language=en; Path=/";
    visit("/pricing", ["es-ES"]);
    expect(languageRedirectInBrowser()).toBeNull();
  });

  it("stays when cookies are refused: the server would send the visitor straight back", () => {
    localStorage.setItem("language", "en");
    let owner: object = document;
    while (!Object.getOwnPropertyDescriptor(owner, "cookie")) owner = Object.getPrototypeOf(owner) as object;
    vi.spyOn(owner as Document, "cookie", "set").mockImplementation(() => {});
    visit("/es/faq", ["es-ES"]);
    expect(languageRedirectInBrowser()).toBeNull();
  });
});
