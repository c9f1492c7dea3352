// The site's routes, on React Router's declarative router (<Routes>), which is a good deal lighter on the
// first load than its data router: each page is a lazy module whose code and catalogs load together, and
// the browser loads the current page's before hydrating (src/main.tsx), so the first render is the
// pre-rendered page. Errors are caught by boundaries (src/app/route-error-page.tsx), not by the router.
import type { ComponentType } from "react";
import { Route, Routes } from "react-router";
import { Layout } from "./layout";
import { AppErrorBoundary } from "./route-error-page";
import { loadPageCode } from "../loading/stale-build";
import { loadPageCatalogs, type Catalog } from "../i18n/catalogs";

type PageModule = { default: ComponentType };

/** A page whose code loads on first use (or earlier, with `preload`). */
export interface LazyPage {
  (): React.ReactNode;
  /** Starts loading the page's code and catalogs (once); resolves when both are in. */
  preload: () => Promise<void>;
}

/**
 * A lazy page: its code and its feature's catalogs (beside the shell's) load together, in the page's language.
 * A failure stays (as with React.lazy): the error boundary shows it, or reloads for a stale build.
 */
export function page(load: () => Promise<PageModule>, catalogs: readonly Catalog[] = []): LazyPage {
  let loaded: PageModule | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= Promise.all([loadPageCode(load), loadPageCatalogs(catalogs, loadPageCode)]).then(
      ([module]) => {
        loaded = module;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  function LazyPage() {
    if (failure) throw failure.error;
    // Suspends as React.lazy does (the nearest <Suspense> shows its fallback), or renders at once when loaded.
    if (!loaded) throw preload().catch(() => {});
    const Page = loaded.default;
    return <Page />;
  }
  return Object.assign(LazyPage, { preload });
}

export interface PageRoute {
  /** As the router sees it (Spanish pages run under the basename /es/). */
  path: string;
  /** The page's module (src/app/page-modules.ts names it for the build, so its HTML can preload it). */
  load: () => Promise<PageModule>;
  catalogs: readonly Catalog[];
  Page: LazyPage;
}

const route = (path: string, load: () => Promise<PageModule>, catalogs: readonly Catalog[] = []): PageRoute => ({
  path,
  load,
  catalogs,
  Page: page(load, catalogs),
});

/**
 * Every page of product.md SITE-3; each page loads lazily. A fresh list each call (the server renders each
 * page in each language with its own). The same tree serves both languages: Spanish pages run under the
 * basename /es/ (src/i18n/languages.ts).
 */
export function createPages(): PageRoute[] {
  return [
    // Home with ?token= or ?email= is the portal redirect, which loads its own code and catalog (src/app/home-route.tsx).
    route("/", () => import("./home-route"), ["home"]),
    route("/about", () => import("../marketing/about-page"), ["marketing"]),
    route("/services", () => import("../marketing/services-page"), ["marketing"]),
    route("/pricing", () => import("../marketing/pricing-page"), ["marketing", "facts"]),
    route("/service-areas", () => import("../resources/service-areas-page"), ["resources"]),
    route("/faq", () => import("../resources/faq-page"), ["resources", "facts"]),
    route("/airbnb-hosts", () => import("../marketing/hosts-page"), ["marketing"]),
    route("/blog", () => import("../resources/blog-page"), ["resources"]),
    route("/blog/:slug", () => import("../resources/blog-post-page"), ["resources"]),
    route("/how-it-works", () => import("../marketing/how-it-works-page"), ["marketing"]),
    route("/login", () => import("../contact/login-page"), ["contact"]),
    route("/contact", () => import("../contact/contact-page"), ["contact"]),
    route("/privacy", () => import("../marketing/privacy-page"), ["marketing"]),
    route("/terms", () => import("../marketing/terms-page"), ["marketing"]),
    route("/signup", () => import("../signup/signup-page"), ["signup", "address", "facts", "zip-check"]),
    route("/payment-success", () => import("../checkout/payment-success-page"), ["checkout"]),
    route("/payment-canceled", () => import("../checkout/payment-canceled-page"), ["checkout"]),
    route("*", () => import("./not-found-page")),
  ];
}

/**
 * The pages inside the site's layout. The layout keeps the header and footer on screen while a page's code
 * loads and when a page fails (its error boundary); when the layout itself fails, the last-resort page shows.
 */
export function SiteRoutes({ pages }: { pages: readonly Pick<PageRoute, "path" | "Page">[] }) {
  return (
    <AppErrorBoundary>
      <Routes>
        <Route element={<Layout />}>
          {pages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Route>
      </Routes>
    </AppErrorBoundary>
  );
}
