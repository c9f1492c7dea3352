import { lazy, startTransition, StrictMode, Suspense } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, matchRoutes } from "react-router";
import "./styles.css";
import { createPages, SiteRoutes } from "./app/router";
import { LanguageProvider } from "./i18n/language-provider";
import { loadPageCatalogs, startLanguage } from "./i18n/catalogs";
import { basenameOf, languageOfPath } from "./i18n/languages";
import { languageRedirectInBrowser } from "./i18n/browser-language";
import { startInspection } from "./inspection/start";

const SupportPanel = lazy(async () => (await Promise.all([import("./support/support-panel"), loadPageCatalogs(["support"])]))[0]);

/** The page's language is its address's (Spanish under /es/); the server applied the language rule already. */
async function start() {
  const language = languageOfPath(window.location.pathname);
  const basename = basenameOf[language];
  const pages = createPages();
  // The page's code (and its catalogs, in the page's language) load before hydrating, so the first render is
  // the pre-rendered page.
  const current = matchRoutes(pages, window.location, basename)?.[0]?.route;
  const started = Promise.all([startInspection(), startLanguage(language)]);
  // When it fails, the page's error boundary shows it (a reload for a stale build, or the error page).
  const preloaded = (current?.Page.preload() ?? Promise.resolve()).then(
    () => false,
    () => true,
  );
  const [[{ support }], failed] = await Promise.all([started, preloaded]);
  const root = document.getElementById("root")!;
  const app = (
    <StrictMode>
      <LanguageProvider initial={language}>
        <BrowserRouter basename={basename}>
          <SiteRoutes pages={pages} />
        </BrowserRouter>
      </LanguageProvider>
    </StrictMode>
  );
  // A fully pre-rendered page is hydrated (the sign-up's blank first step too: a draft saved in the tab
  // replaces it once hydrated). A page rendered from what only the browser knows (a payment's return,
  // anything a query string changes), the not-found page (which stands for
  // any address) and a page whose code failed to load are rendered afresh over the pre-rendered HTML.
  // The site's error boundaries (src/app/route-error-page.tsx) report what they catch themselves, and say
  // nothing of a page that fails to load in a stale tab (it reloads): React need not log it again.
  const options = { onCaughtError: () => {} };
  // In a transition, hydration yields to the browser every few ms (React's time slicing) rather than running as one
  // long task; a tap on a part not yet hydrated has React hydrate it at once and answer the tap.
  if (root.dataset.prerendered === "full" && !window.location.search && !failed) startTransition(() => void hydrateRoot(root, app, options));
  else createRoot(root, options).render(app);

  if (support) {
    // Its own root, so the pre-rendered page hydrates without it.
    const panel = document.body.appendChild(document.createElement("div"));
    createRoot(panel).render(
      <StrictMode>
        <LanguageProvider initial={language}>
          <Suspense fallback={null}>
            <SupportPanel />
          </Suspense>
        </LanguageProvider>
      </StrictMode>,
    );
  }
}

const elsewhere = languageRedirectInBrowser();
if (elsewhere) window.location.replace(elsewhere);
else void start();
