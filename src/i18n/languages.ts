// The language rule (product.md SITE-1): the saved choice wins, else Spanish for an es browser, else English.
export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

export const LANGUAGE_STORAGE_KEY = "language";
/** The saved choice's copy the server reads, so it applies the language rule before sending a page (decision 013). */
export const LANGUAGE_COOKIE = "language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function detectLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  const first = browserLanguages[0]?.toLowerCase() ?? "";
  return first === "es" || first.startsWith("es-") ? "es" : "en";
}

/** BCP 47 tag for Intl, react-aria and <html lang>. */
export const localeTag: Record<Language, string> = { en: "en-US", es: "es-US" };

// Addresses: English at the spec's paths, Spanish under /es/ (decision 011).
/** React Router's basename of a language's pages ("/es/", with the slash, so home links read /es/). */
export const basenameOf: Record<Language, string> = { en: "/", es: "/es/" };

/** The language of an address: Spanish under /es/, English everywhere else. */
export function languageOfPath(pathname: string): Language {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

/**
 * The same page's address in a language: "/pricing" ⇄ "/es/pricing", "/" ⇄ "/es/". Always a path on this site:
 * "/es//evil.example" gives "/evil.example", never "//evil.example" (another site, to a browser).
 */
export function pathInLanguage(pathname: string, language: Language): string {
  const own = `/${(languageOfPath(pathname) === "es" ? pathname.slice(3) : pathname).replace(/^[/\\]+/, "")}`;
  return language === "es" ? `/es${own === "/" ? "/" : own}` : own;
}

/**
 * Where the language rule sends a visitor who opened `pathname`, or null to stay: a visitor the rule gives
 * Spanish goes to /es/, one who saved English leaves /es/; a visitor with no saved choice and no Spanish
 * browser (a crawler, a shared link) stays where they landed. The server applies it before sending a page
 * (server/plugins/site.ts); the browser only for a saved choice the server could not see (src/i18n/browser-language.ts).
 */
export function languageRedirect(pathname: string, saved: string | null | undefined, browserLanguages: readonly string[]): string | null {
  const page = languageOfPath(pathname);
  const wanted = detectLanguage(saved, browserLanguages);
  if (wanted === page) return null;
  if (wanted === "en" && saved !== "en") return null;
  return pathInLanguage(pathname, wanted);
}

/** The language saved in a Cookie header (or `document.cookie`), or null. */
export function languageInCookie(cookies: string | undefined): Language | null {
  for (const part of (cookies ?? "").split(";")) {
    const [name, value] = part.split("=");
    if (name?.trim() === LANGUAGE_COOKIE) return isLanguage(value?.trim()) ? (value.trim() as Language) : null;
  }
  return null;
}

/** An Accept-Language header's languages, most wanted first (a browser's navigator.languages, as the server sees it). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((p) => p.trim());
      const q = params.find((p) => p.startsWith("q="));
      return { tag, index, weight: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ tag, weight }) => tag !== "" && tag !== "*" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
