// Pickup days in words, in the active language (the dates and review steps; date-fns' locales load with them).
import { format, getISODay, parseISO } from "date-fns";
import { dateLocale } from "../../i18n/date-locale";
import { localeTag, type Language } from "../../i18n/languages";

const dayLabelPattern: Record<Language, string> = { en: "EEEE, MMMM d", es: "EEEE d 'de' MMMM" };

export const dayLabel = (date: string, language: Language) => format(parseISO(date), dayLabelPattern[language], { locale: dateLocale[language] });
export const weekdayName = (date: string, language: Language) => format(parseISO(date), "EEEE", { locale: dateLocale[language] });

/**
 * The weekly pickup days as one phrase, in weekday order from Monday (the calendar's first day), not in the
 * order picked: "Thursday and Sunday", "jueves y domingo" (Spanish weekday names stay lower case).
 */
export const weekdayList = (dates: readonly string[], language: Language) =>
  new Intl.ListFormat(localeTag[language], { style: "long", type: "conjunction" }).format(
    [...dates].sort((a, b) => getISODay(parseISO(a)) - getISODay(parseISO(b)) || a.localeCompare(b)).map((d) => weekdayName(d, language)),
  );
