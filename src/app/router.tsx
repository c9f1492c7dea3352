import { createBrowserRouter, type RouteObject } from "react-router";
import { Layout } from "./layout";

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Every route of spec section 2 plus /privacy, /terms and the blog posts; each page loads lazily. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
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
    ],
  },
];

export const router = createBrowserRouter(routes);
