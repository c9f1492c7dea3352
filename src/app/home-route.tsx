import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { loadPageCode } from "../loading/stale-build";
import { loadPageCatalogs } from "../i18n/catalogs";
// With the route's code: the pre-rendered home hydrates at once, with nothing left to load.
import HomePage from "../marketing/home-page";
import { PortalRedirecting } from "../checkout/portal-redirecting";

// Only the redirect needs checkout's code and catalog: home's first load goes without them.
const PortalRedirectPage = lazy(async () => (await Promise.all([loadPageCode(() => import("../checkout/portal-redirect-page")), loadPageCatalogs(["checkout"], loadPageCode)]))[0]);

/**
 * Home, or (with ?email=, or ?token= from the e-mails' links, which carry no address) the billing-portal redirect
 * of product.md PAY-8, which replaces home's content. Until the redirect's code is in, it says it is redirecting, as
 * the page the server answers such a link with does (server/plugins/site.ts): never home's content, nor a blank.
 */
export default function HomeRoute() {
  const [params] = useSearchParams();
  return params.has("email") || params.has("token") ? (
    <Suspense fallback={<PortalRedirecting />}>
      <PortalRedirectPage email={params.get("email") ?? ""} />
    </Suspense>
  ) : (
    <HomePage />
  );
}
