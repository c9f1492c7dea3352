import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { I18nProvider as LinguiProvider } from "@lingui/react";
import { i18n } from "./catalogs";
import { pathInLanguage, type Language } from "./languages";
import { saveLanguage } from "./browser-language";

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * Lingui (and react-aria's widgets, src/ui/aria-locale.tsx) follow the page's language, which its address decides (Spanish under /es/);
 * `<html lang>` follows it too. Choosing the other language saves the choice and opens the same page at
 * its address in that language, in place of the current history entry: Back then leaves the page, to the one
 * before it (which the server moves to the chosen language), not to this page in the old language.
 */
export function LanguageProvider({ initial, children }: { initial: Language; children: ReactNode }) {
  const [language] = useState<Language>(initial);

  const setLanguage = useCallback(async (next: Language) => {
    // Saved first (with its cookie), so the server's language rule agrees with the address we go to.
    saveLanguage(next);
    const { pathname, search, hash } = window.location;
    window.location.replace(`${pathInLanguage(pathname, next)}${search}${hash}`);
  }, []);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <LinguiProvider i18n={i18n}>
        {children}
      </LinguiProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage needs a LanguageProvider");
  return value;
}
