// The only module that touches localStorage, cookies and navigator for the language choice.
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, languageInCookie, languageRedirect, type Language } from "./languages";

const browserLanguages = () => (navigator.languages?.length ? navigator.languages : [navigator.language]);

/** The saved choice: local storage's (product.md SITE-1), else its cookie copy (storage blocked, or cleared alone). */
function savedLanguage(): Language | null {
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode).
  }
  return isLanguage(saved) ? saved : languageInCookie(document.cookie);
}

/** Copies the choice where the server reads it (decision 013); answers whether the cookie now holds it. */
function writeLanguageCookie(language: Language): boolean {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  return languageInCookie(document.cookie) === language;
}

export function saveLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not in storage; the cookie still keeps it.
  }
  writeLanguageCookie(language);
}

/**
 * Where this page's visitor belongs, or null to stay. The server has already applied the language rule to the
 * cookie and the browser's languages; this catches a choice saved where the server cannot see it (local
 * storage from before the cookie, or a cookie cleared alone) and copies it into the cookie first. With cookies
 * refused, it stays: the server would send the visitor straight back.
 */
export function languageRedirectInBrowser(): string | null {
  const saved = savedLanguage();
  const { pathname, search, hash } = window.location;
  const target = languageRedirect(pathname, saved, browserLanguages());
  if (!target || !saved || !writeLanguageCookie(saved)) return null;
  return `${target}${search}${hash}`;
}
