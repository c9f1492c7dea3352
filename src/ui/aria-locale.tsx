import type { ReactNode } from "react";
import { i18n } from "../i18n/catalogs";
import { I18nProvider } from "react-aria-components";
import { localeTag, type Language } from "../i18n/languages";

/**
 * react-aria's own strings and formats (a calendar's month names, a combo box's announcements, a progress
 * bar's percentage, the toasts' Close button) in the page's language, not the browser's. The widgets that
 * have any wrap themselves in it, so react-aria's locale code loads with them and not with every page.
 * (Both languages read left to right, react-aria's default, so the other widgets need nothing.)
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  return <I18nProvider locale={localeTag[i18n.locale as Language]}>{children}</I18nProvider>;
}
