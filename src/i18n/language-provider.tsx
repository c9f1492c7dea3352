import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { I18nProvider as LinguiProvider } from "@lingui/react";
import { I18nProvider as AriaI18nProvider } from "react-aria-components";
import { i18n, loadLanguage } from "./catalogs";
import { localeTag, type Language } from "./languages";
import { saveLanguage } from "./browser-language";

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** Lingui and react-aria follow one active language; `<html lang>` follows it too. */
export function LanguageProvider({ initial, children }: { initial: Language; children: ReactNode }) {
  const [language, setActive] = useState<Language>(initial);

  const setLanguage = useCallback(async (next: Language) => {
    // Saved first: if a stale tab reloads to fetch the catalog, it comes back in the chosen language.
    saveLanguage(next);
    await loadLanguage(next);
    setActive(next);
  }, []);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <LinguiProvider i18n={i18n}>
        <AriaI18nProvider locale={localeTag[language]}>{children}</AriaI18nProvider>
      </LinguiProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage needs a LanguageProvider");
  return value;
}
