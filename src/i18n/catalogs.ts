import { i18n, type Messages } from "@lingui/core";
import type { Language } from "./languages";
import { importOrReload } from "../loading/stale-build";

// Compiled by `lingui compile` (npm scripts run it first); the server's catalogs stay on the server.
const compiled = import.meta.glob<{ messages: Messages }>([
  "../../locales/*/*.ts",
  "!../../locales/*/server.ts",
  "!../../locales/*/mail.ts",
  "!../../locales/*/payments.ts",
]);

const loaded = new Set<Language>();

export async function loadLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    const files = Object.entries(compiled).filter(([path]) => path.includes(`/locales/${language}/`));
    const modules = await importOrReload(() => Promise.all(files.map(([, load]) => load())));
    i18n.load(language, Object.assign({}, ...modules.map((m) => m.messages)));
    loaded.add(language);
  }
  i18n.activate(language);
}

export { i18n };
