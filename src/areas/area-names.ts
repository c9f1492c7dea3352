// Area and neighbourhood names are proper names; only the connective and "Airport" read differently in Spanish.
import type { Language } from "../i18n/languages";

const spanishWords: Record<string, string> = { Airport: "Aeropuerto" };

export function placeName(name: string, language: Language): string {
  if (language === "en") return name;
  return name
    .split(" & ")
    .map((part) => spanishWords[part] ?? part)
    .join(" y ");
}
