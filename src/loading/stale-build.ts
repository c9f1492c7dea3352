// A page whose code fails to load: usually a tab opened before a deploy asking for a chunk the new build
// no longer has, sometimes a dropped connection. One reload fetches the current build.

// Chromium, Firefox and Safari word a failed import() differently; Vite's CSS preload has its own.
const moduleLoadFailure = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isModuleLoadError(error: unknown): boolean {
  return error instanceof Error && moduleLoadFailure.test(error.message);
}

const reloadKey = "stale-build-reload-at";
/** Within this long of an automatic reload, a failure is real: show it instead of reloading again. */
export const reloadCooldownMs = 30_000;

/**
 * Takes the one automatic reload a failed page gets: false when offline (a reload would lose the site
 * for the browser's offline page), when one ran within the cool-down, or when storage is blocked (no way
 * to tell a loop).
 */
export function claimAutomaticReload(storage: Storage, online: boolean, now = Date.now()): boolean {
  if (!online) return false;
  try {
    const last = Number(storage.getItem(reloadKey));
    if (last && now - last < reloadCooldownMs) return false;
    storage.setItem(reloadKey, String(now));
    return true;
  } catch {
    return false;
  }
}

/** A page's code failed to load and one reload should fetch the current build; the error element reloads. */
export class ReloadForCurrentBuild extends Error {
  constructor(cause: unknown) {
    super("The page's code failed to load; reloading for the current build", { cause });
  }
}

/**
 * Loads a page's code. When it fails to load and a reload may help, rejects with ReloadForCurrentBuild:
 * the route's error element then reloads, by which time the address is the page the visitor asked for (a
 * reload from here would return to the page they came from). Any other failure rejects unchanged.
 */
export async function loadPageCode<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isModuleLoadError(error) && claimAutomaticReload(window.sessionStorage, navigator.onLine)) throw new ReloadForCurrentBuild(error);
    throw error;
  }
}

/** Loads code outside any page (the language catalogs): reloads at once when that may help. */
export async function importOrReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await loadPageCode(load);
  } catch (error) {
    if (!(error instanceof ReloadForCurrentBuild)) throw error;
    window.location.reload();
    return new Promise<T>(() => {});
  }
}
