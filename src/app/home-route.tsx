import { lazy } from "react";
import { useSearchParams } from "react-router";
import { loadPageCode } from "../loading/stale-build";

const HomePage = lazy(() => loadPageCode(() => import("../marketing/home-page")));
const PortalRedirectPage = lazy(() => loadPageCode(() => import("../checkout/portal-redirect-page")));

/** Home, or (with ?email=) the billing-portal redirect of spec section 2, which replaces home's content. */
export default function HomeRoute() {
  const [params] = useSearchParams();
  return params.has("email") ? <PortalRedirectPage email={params.get("email") ?? ""} /> : <HomePage />;
}
