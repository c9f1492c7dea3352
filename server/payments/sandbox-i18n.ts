// One Lingui instance per request for the sandbox pages, from the compiled payments catalog of the language.
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Language } from "../../src/contract/common";

const catalogs = new Map<Language, Promise<Messages>>();

function loadCatalog(language: Language): Promise<Messages> {
  let catalog = catalogs.get(language);
  if (!catalog) {
    // Compiled by `lingui compile --typescript` (npm scripts do it first); gitignored.
    catalog = import(`../../locales/${language}/payments.ts`).then((module: { messages: Messages }) => module.messages);
    catalog.catch(() => catalogs.delete(language));
    catalogs.set(language, catalog);
  }
  return catalog;
}

export async function paymentsI18n(language: Language): Promise<I18n> {
  const messages = await loadCatalog(language);
  return setupI18n({ locale: language, messages: { [language]: messages } });
}
