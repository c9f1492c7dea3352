import { createBrowserRouter, type RouteObject } from "react-router";
import { Layout } from "./layout";
import { PageLoading } from "./page-loading";
import { AppError, PageError } from "./route-error-page";
import { loadPageCode } from "../loading/stale-build";

type PageModule = { default: React.ComponentType };
export const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await loadPageCode(load)).default }),
});

/** Every route of spec section 2 plus /privacy, /terms and the blog posts; each page loads lazily. */
const pages: RouteObject[] = [
  { path: "/", ...page(() => import("./home-route")) },
  { path: "/about", ...page(() => import("../marketing/about-page")) },
  { path: "/services", ...page(() => import("../marketing/services-page")) },
  { path: "/pricing", ...page(() => import("../marketing/pricing-page")) },
  { path: "/service-areas", ...page(() => import("../resources/service-areas-page")) },
  { path: "/faq", ...page(() => import("../resources/faq-page")) },
  { path: "/airbnb-hosts", ...page(() => import("../marketing/hosts-page")) },
  { path: "/blog", ...page(() => import("../resources/blog-page")) },
  { path: "/blog/:slug", ...page(() => import("../resources/blog-post-page")) },
  { path: "/how-it-works", ...page(() => import("../marketing/how-it-works-page")) },
  { path: "/login", ...page(() => import("../contact/login-page")) },
  { path: "/contact", ...page(() => import("../contact/contact-page")) },
  { path: "/privacy", ...page(() => import("../marketing/privacy-page")) },
  { path: "/terms", ...page(() => import("../marketing/terms-page")) },
  { path: "/signup", ...page(() => import("../signup/signup-page")) },
  { path: "/payment-success", ...page(() => import("../checkout/payment-success-page")) },
  { path: "/payment-canceled", ...page(() => import("../checkout/payment-canceled-page")) },
  { path: "*", ...page(() => import("./not-found-page")) },
];

/** The pages inside the site's layout, with what shows while the first page loads and when one fails. */
export function withLayout(children: RouteObject[]): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <AppError />,
      children: [
        // Between the layout and the pages, so the header and footer stay on screen while the first
        // page's code loads (the fallback) and when a page fails (the error element).
        { hydrateFallbackElement: <PageLoading />, errorElement: <PageError />, children },
      ],
    },
  ];
}

export const routes = withLayout(pages);

export const router = createBrowserRouter(routes);
