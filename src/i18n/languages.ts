// The language rule of spec section 1: the saved choice wins, else Spanish for an es browser, else English.
export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

export const LANGUAGE_STORAGE_KEY = "language";

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
