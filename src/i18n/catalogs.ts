import { i18n, type Messages } from "@lingui/core";
import type { Language } from "./languages";
import { importOrReload } from "../loading/stale-build";

// Compiled by `lingui compile` (npm scripts run it first); the server's catalogs stay on the server.
const compiled = import.meta.glob<{ messages: Messages }>([
  "../../locales/*/*.ts",
  "!../../locales/*/mail.ts",
  "!../../locales/*/payments.ts",
]);

/** The site's catalogs, one per feature (lingui.config.ts): the shell's, then each route's own. */
const allCatalogs = ["shell", "facts", "home", "marketing", "resources", "contact", "signup", "address", "checkout", "support", "zip-check"] as const;
export type Catalog = (typeof allCatalogs)[number];

const loaded = new Map<string, Promise<void>>();
let pageLanguage: Language = "en";

/** Loads catalogs of a language into Lingui (each once; a failed load may be retried). */
export function loadCatalogs(
  language: Language,
  names: readonly Catalog[],
  load: <T>(load: () => Promise<T>) => Promise<T> = importOrReload,
): Promise<void> {
  return Promise.all(
    names.map((name) => {
      const key = `${language}/${name}`;
      let pending = loaded.get(key);
      if (!pending) {
        const file = compiled[`../../locales/${key}.ts`];
        if (!file) throw new Error(`No compiled catalog ${key}`);
        pending = load(file).then((module) => i18n.load(language, module.messages));
        pending.catch(() => loaded.delete(key));
        loaded.set(key, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/**
 * The document's language, fixed by its address: loads the shell's catalog and activates it. A route adds
 * its own catalogs (src/app/router.tsx) with loadPageCatalogs, in this language.
 */
export async function startLanguage(language: Language): Promise<void> {
  pageLanguage = language;
  await loadCatalogs(language, ["shell"]);
  i18n.activate(language);
}

/** A route's catalogs in the document's language, loaded with the route's code. */
export function loadPageCatalogs(names: readonly Catalog[], load?: <T>(load: () => Promise<T>) => Promise<T>): Promise<void> {
  return loadCatalogs(pageLanguage, names, load);
}

/** Every catalog of a language, activated (tests and tools that render any page). */
export async function loadLanguage(language: Language): Promise<void> {
  pageLanguage = language;
  await loadCatalogs(language, allCatalogs);
  i18n.activate(language);
}

export { i18n };
