import { enUS, es } from "date-fns/locale";
import type { Locale } from "date-fns";
import type { Language } from "./languages";

export const dateLocale: Record<Language, Locale> = { en: enUS, es };
