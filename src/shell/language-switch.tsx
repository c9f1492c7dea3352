import { useLingui } from "@lingui/react/macro";
import { useLanguage } from "../i18n/language-provider";

/** The footer button of product.md SITE-1: switches the language and saves the choice. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const { language, setLanguage } = useLanguage();
  const next = language === "en" ? "es" : "en";
  return (
    <button
      type="button"
      onClick={() => void setLanguage(next)}
      className="inline-flex min-h-11 items-center gap-2 rounded-control border border-brand-200 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      aria-label={t`Switch language to ${next === "es" ? "Español" : "English"}`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </svg>
      <span lang={next}>{next === "es" ? "Español" : "English"}</span>
    </button>
  );
}
