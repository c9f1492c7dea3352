// The only module that touches localStorage and navigator for the language choice.
import { detectLanguage, LANGUAGE_STORAGE_KEY, type Language } from "./languages";

export function readInitialLanguage(): Language {
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode); fall back to the browser language.
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return detectLanguage(saved, browser);
}

export function saveLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not saved; the choice still applies to this visit.
  }
}
