// Build time only (scripts/prerender.mjs, through `vite build --ssr`): renders one page of the site, in one
// language, to the HTML the browser later hydrates, with the head that page states about itself.
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { matchRoutes, StaticRouter } from "react-router";
import { i18n } from "@lingui/core";
import { createPages, page, SiteRoutes, type PageRoute } from "./app/router";
import { pageModules } from "./app/page-modules";
import { startLanguage } from "./i18n/catalogs";
import { basenameOf, type Language } from "./i18n/languages";
import { LanguageProvider } from "./i18n/language-provider";
import { HeadCollector, PAGE_LEAD_ID } from "./ui/page-meta";
import { SIGNUP_STEP_HEADING_ID } from "./signup/signup-wizard";
import { headHtml, type PageHead } from "./ui/head-tags";
import { structuredDataFor } from "./ui/structured-data";
import { blogPosts } from "./resources/blog/posts";
import { PortalRedirecting } from "./checkout/portal-redirecting";

/** What ends a page's first screen: its lead, or on the sign-up (which has none) the step's heading. */
const FIRST_SCREEN_ENDS = [PAGE_LEAD_ID, SIGNUP_STEP_HEADING_ID];

export { headHtml };
export { languages, pathInLanguage } from "./i18n/languages";

/** Every page the site answers, as the router sees it (without /es/), and how much of it is pre-rendered. */
export interface SitePage {
  path: string;
  /** In sitemap.xml and open to search engines. */
  indexed: boolean;
  /**
   * "full": the page is the same for everyone, hydrated as is. "shell": the page depends on what only the
   * browser knows (a saved sign-up, a payment's return): its layout and heading are pre-rendered and the
   * browser renders it afresh.
   */
  prerendered: "full" | "shell";
}

export const sitePages: SitePage[] = [
  ...["/", "/about", "/services", "/pricing", "/service-areas", "/faq", "/airbnb-hosts", "/blog", "/how-it-works", "/login", "/contact", "/privacy", "/terms"].map(
    (path): SitePage => ({ path, indexed: true, prerendered: "full" }),
  ),
  ...blogPosts.map((post): SitePage => ({ path: `/blog/${post.slug}`, indexed: true, prerendered: "full" })),
  // Its blank first step, hydrated; a form restored in this tab replaces it (src/signup/signup-page.tsx).
  { path: "/signup", indexed: true, prerendered: "full" },
  { path: "/payment-success", indexed: false, prerendered: "shell" },
  { path: "/payment-canceled", indexed: false, prerendered: "shell" },
];

/** The module of a page's code (the build manifest's key) and its catalogs, which its HTML preloads. */
export function pageCode(path: string): { module: string; catalogs: readonly string[] } {
  const route = matchRoutes(createPages(), path)?.[0]?.route;
  if (!route) throw new Error(`No route for ${path}`);
  const module = pageModules[route.path];
  if (!module) throw new Error(`src/app/page-modules.ts does not name the module of ${route.path}`);
  return { module, catalogs: ["shell", ...route.catalogs] };
}

/** The address the not-found page is rendered at (any unknown path renders it). */
export const notFoundPath = "/404";

export interface RenderedPage {
  html: string;
  head: string;
  status: number;
  /** Messages the page asked for that its catalogs lack: a route's catalog list is incomplete. */
  missing: string[];
  /** Out of search results: its head says noindex, and the server says it again in X-Robots-Tag. */
  noindex: boolean;
}

/**
 * Home as the billing portal's link opens it (?token= or ?email=, product.md PAY-8): the redirecting state, which is
 * what the browser's first render of it shows too (src/app/home-route.tsx's fallback), never home's content. The
 * server answers / and /es/ with such a query with it (server/plugins/site.ts); out of search, with no canonical.
 */
export function renderPortalRedirect(language: Language, origin: string): Promise<RenderedPage> {
  // With home's catalogs, as the browser has them when it first renders the page.
  const pages = createPages().map((route) => (route.path === "/" ? { ...route, Page: page(() => Promise.resolve({ default: PortalRedirecting }), route.catalogs) } : route));
  return renderPage("/", language, origin, { pages, noindex: true });
}

/** The portal redirect's own code and catalogs, beside home's: its pre-rendered page preloads them. */
export const portalRedirectCode = { module: "src/checkout/portal-redirect-page.tsx", catalogs: ["checkout"] } as const;

export async function renderPage(
  path: string,
  language: Language,
  origin: string,
  variant: { pages: Pick<PageRoute, "path" | "Page">[]; noindex: true } | undefined = undefined,
): Promise<RenderedPage> {
  const missing: string[] = [];
  const onMissing = ({ id }: { id: string }) => missing.push(id);
  i18n.on("missing", onMissing);
  try {
    await startLanguage(language);
    const basename = basenameOf[language];
    const address = new URL(`${language === "es" ? "/es" : ""}${path === "/" && language === "es" ? "/" : path}`, origin);
    let head: PageHead | undefined;
    let failed: unknown;
    const collect = (stated: PageHead) => (head = stated);
    const { prelude } = await prerender(
      <StrictMode>
        <HeadCollector.Provider value={collect}>
          <LanguageProvider initial={language}>
            <StaticRouter basename={basename} location={address.pathname}>
              <SiteRoutes pages={variant?.pages ?? createPages()} />
            </StaticRouter>
          </LanguageProvider>
        </HeadCollector.Provider>
      </StrictMode>,
      // One document in order: no boundary is outlined to be moved into place by an inline script (which
      // the CSP refuses), however large.
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A page that fails while rendering is a failed build (scripts/prerender.mjs refuses status 500).
        onError: (error) => {
          failed = error;
        },
      },
    );
    const html = await new Response(prelude).text();
    if (failed) console.error(`${address.pathname} failed while rendering:`, failed);
    if (!head) throw new Error(`${address.pathname} has no PageMeta`);
    const isNotFound = path === notFoundPath;
    const structuredData = variant ? undefined : structuredDataFor(path, { origin, language }, head.structuredData);
    const noindex = head.noindex || isNotFound || !!variant?.noindex || !sitePages.find((p) => p.path === path)?.indexed;
    // The first paint waits until the first screen's text is parsed (src/ui/page-meta.tsx); a browser without
    // rel="expect" ignores the link.
    const firstScreenEnd = FIRST_SCREEN_ENDS.find((id) => html.includes(` id="${id}"`));
    const holdFirstPaint = firstScreenEnd ? `\n    <link rel="expect" href="#${firstScreenEnd}" blocking="render" />` : "";
    return {
      html,
      head: headHtml({ ...head, structuredData, noindex }, { origin, path, language }) + holdFirstPaint,
      status: failed ? 500 : isNotFound ? 404 : 200,
      missing,
      noindex,
    };
  } finally {
    i18n.removeListener("missing", onMissing);
  }
}
