// The language rule (src/i18n/languages.ts): the server applies it before sending a page (decision 013), the
// browser only for a choice saved where the server could not see it (tests/unit/browser-language.test.ts).
import { describe, expect, it } from "vitest";
import { acceptedLanguages, detectLanguage, languageInCookie, languageOfPath, languageRedirect, pathInLanguage } from "../../src/i18n/languages";

describe("the language rule (product.md SITE-1)", () => {
  it("lets the saved choice win over a Spanish browser", () => {
    expect(detectLanguage("en", ["es-US", "es"])).toBe("en");
    expect(detectLanguage("es", ["en-US"])).toBe("es");
  });
  it("gives Spanish to a browser whose language is Spanish", () => {
    expect(detectLanguage(null, ["es"])).toBe("es");
    expect(detectLanguage(null, ["es-MX", "en"])).toBe("es");
  });
  it("gives English otherwise, and ignores a saved value that is no language of the site", () => {
    expect(detectLanguage(null, ["fr-FR"])).toBe("en");
    expect(detectLanguage(undefined, [])).toBe("en");
    expect(detectLanguage("de", ["fr"])).toBe("en");
    expect(detectLanguage("de", ["es"])).toBe("es");
    expect(detectLanguage(null, ["en-US", "es"])).toBe("en");
  });
});

describe("the language rule by address", () => {
  it("sends Spanish visitors to /es/, a saved English choice away from it, and leaves a crawler where it landed", () => {
    expect(languageRedirect("/pricing", null, ["es-ES"])).toBe("/es/pricing");
    expect(languageRedirect("/", "es", ["en-US"])).toBe("/es/");
    expect(languageRedirect("/es/faq", "en", ["es-ES"])).toBe("/faq");
    expect(languageRedirect("/es/", "en", [])).toBe("/");
    expect(languageRedirect("/es/faq", null, ["en-US"])).toBeNull();
    expect(languageRedirect("/faq", null, ["en-US"])).toBeNull();
  });

  it("maps a page to its address in each language", () => {
    expect(pathInLanguage("/", "es")).toBe("/es/");
    expect(pathInLanguage("/es", "en")).toBe("/");
    expect(pathInLanguage("/es/blog/x", "en")).toBe("/blog/x");
    expect(pathInLanguage("/es/blog/x", "es")).toBe("/es/blog/x");
    expect(pathInLanguage("/blog/x", "en")).toBe("/blog/x");
    expect(languageOfPath("/es")).toBe("es");
    // Never an address on another site: a browser reads "//host" and "/\\host" as one.
    expect(pathInLanguage("/es//evil.example/x", "en")).toBe("/evil.example/x");
    expect(pathInLanguage("/es/\\evil.example", "en")).toBe("/evil.example");
    expect(pathInLanguage("//evil.example", "es")).toBe("/es/evil.example");
    expect(languageRedirect("/es//evil.example", "en", [])).toBe("/evil.example");
    expect(languageOfPath("/espresso")).toBe("en");
  });

  it("reads the saved choice from a Cookie header, and nothing else", () => {
    expect(languageInCookie("language=es")).toBe("es");
    expect(languageInCookie("a=1; language=en; b=2")).toBe("en");
    expect(languageInCookie(" language = es ")).toBe("es");
    expect(languageInCookie("language=fr")).toBeNull();
    expect(languageInCookie("mylanguage=es; language_x=es")).toBeNull();
    expect(languageInCookie("")).toBeNull();
    expect(languageInCookie(undefined)).toBeNull();
  });

  it("lists an Accept-Language header's languages, most wanted first, as a browser's navigator.languages", () => {
    expect(acceptedLanguages("es-ES,es;q=0.9,en;q=0.8")).toEqual(["es-ES", "es", "en"]);
    expect(acceptedLanguages("en;q=0.5, es-US")).toEqual(["es-US", "en"]);
    expect(acceptedLanguages("fr, es;q=0.9, de;q=0.9")).toEqual(["fr", "es", "de"]);
    expect(acceptedLanguages("es;q=0, en, *;q=0.1")).toEqual(["en"]);
    expect(acceptedLanguages("es;q=abc, en")).toEqual(["en"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
