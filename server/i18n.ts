// One Lingui instance per use (an e-mail, a sandbox page), from a compiled server catalog of the language.
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Language } from "#contract/common";

/** The server's catalogs (lingui.config.ts): the e-mails' (server/mail) and the sandbox pages' (server/payments). */
export type ServerCatalog = "mail" | "payments";

const catalogs = new Map<string, Promise<Messages>>();

function loadCatalog(catalog: ServerCatalog, language: Language): Promise<Messages> {
  const key = `${language}/${catalog}`;
  let messages = catalogs.get(key);
  if (!messages) {
    // Compiled by `lingui compile --typescript` (npm scripts do it first); gitignored.
    messages = import(`../locales/${language}/${catalog}.ts`).then((module: { messages: Messages }) => module.messages);
    // A failed load is not remembered: the next use tries again.
    messages.catch(() => catalogs.delete(key));
    catalogs.set(key, messages);
  }
  return messages;
}

export async function serverI18n(catalog: ServerCatalog, language: Language): Promise<I18n> {
  const messages = await loadCatalog(catalog, language);
  return setupI18n({ locale: language, messages: { [language]: messages } });
}
