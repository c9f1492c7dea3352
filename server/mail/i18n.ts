// One Lingui instance per message, loaded from the compiled mail catalog of the message's language.
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Language } from "../../src/contract/common";

const catalogs = new Map<Language, Promise<Messages>>();

function loadCatalog(language: Language): Promise<Messages> {
  let catalog = catalogs.get(language);
  if (!catalog) {
    // Compiled by `lingui compile --typescript` (npm scripts do it first); gitignored.
    catalog = import(`../../locales/${language}/mail.ts`).then((module: { messages: Messages }) => module.messages);
    catalog.catch(() => catalogs.delete(language));
    catalogs.set(language, catalog);
  }
  return catalog;
}

export async function mailI18n(language: Language): Promise<I18n> {
  const messages = await loadCatalog(language);
  return setupI18n({ locale: language, messages: { [language]: messages } });
}
