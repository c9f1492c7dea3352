// Build time only (src/entry-server.tsx): each page's module as the build manifest names it, so the
// pre-rendered page preloads its code (scripts/prerender.mjs). Kept out of the browser's bundle;
// tests/unit/page-modules.test.ts checks it names the very module each route loads.
export const pageModules: Record<string, string> = {
  "/": "src/app/home-route.tsx",
  "/about": "src/marketing/about-page.tsx",
  "/services": "src/marketing/services-page.tsx",
  "/pricing": "src/marketing/pricing-page.tsx",
  "/service-areas": "src/resources/service-areas-page.tsx",
  "/faq": "src/resources/faq-page.tsx",
  "/airbnb-hosts": "src/marketing/hosts-page.tsx",
  "/blog": "src/resources/blog-page.tsx",
  "/blog/:slug": "src/resources/blog-post-page.tsx",
  "/how-it-works": "src/marketing/how-it-works-page.tsx",
  "/login": "src/contact/login-page.tsx",
  "/contact": "src/contact/contact-page.tsx",
  "/privacy": "src/marketing/privacy-page.tsx",
  "/terms": "src/marketing/terms-page.tsx",
  "/signup": "src/signup/signup-page.tsx",
  "/payment-success": "src/checkout/payment-success-page.tsx",
  "/payment-canceled": "src/checkout/payment-canceled-page.tsx",
  "*": "src/app/not-found-page.tsx",
};
