// public/lang.js (the language rule before paint) and languageRedirect in src/i18n/languages.ts are one rule.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { languageOfPath, languageRedirect, pathInLanguage } from "../../src/i18n/languages";

const script = readFileSync(path.resolve(import.meta.dirname, "../../public/lang.js"), "utf8");

/** Runs the script as the browser would on `pathname`; answers where it sent the visitor, or null. */
function runScript(pathname: string, saved: string | null, browserLanguages: string[], search = "") {
  let replaced: string | null = null;
  const attributes = new Map<string, string>();
  const style: Record<string, string> = {};
  runInNewContext(script, {
    location: { pathname, search, hash: "", replace: (url: string) => (replaced = url) },
    localStorage: { getItem: (key: string) => (key === "language" ? saved : null) },
    navigator: { languages: browserLanguages, language: browserLanguages[0] ?? "" },
    document: { documentElement: { setAttribute: (k: string, v: string) => attributes.set(k, v), style } },
  });
  return { replaced, hidden: style.visibility === "hidden", marked: attributes.has("data-language-redirect") };
}

describe("the language rule by address", () => {
  const paths = ["/", "/pricing", "/blog/cold-water-washing", "/es/", "/es/pricing", "/es/blog/cold-water-washing", "/no/such/page", "/es/no/existe"];
  const visitors: Array<[string | null, string[]]> = [
    [null, ["en-US"]],
    [null, []],
    [null, ["es-ES", "en"]],
    [null, ["es"]],
    [null, ["fr-FR", "es"]],
    ["en", ["es-ES"]],
    ["es", ["en-US"]],
    ["de", ["es-MX"]],
  ];
  for (const pathname of paths) {
    for (const [saved, browser] of visitors) {
      it(`${pathname}, saved ${saved}, browser ${browser.join(",") || "none"}: the script and languageRedirect agree`, () => {
        const expected = languageRedirect(pathname, saved, browser);
        const { replaced, hidden, marked } = runScript(pathname, saved, browser, "?a=1");
        expect(replaced).toBe(expected === null ? null : `${expected}?a=1`);
        expect(hidden).toBe(expected !== null);
        expect(marked).toBe(expected !== null);
      });
    }
  }

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
    expect(languageOfPath("/espresso")).toBe("en");
  });
});
