import { lazy } from "react";
import { useSearchParams } from "react-router";

const HomePage = lazy(() => import("../marketing/home-page"));
const PortalRedirectPage = lazy(() => import("../checkout/portal-redirect-page"));

/** Home, or (with ?email=) the billing-portal redirect of spec section 2, which replaces home's content. */
export default function HomeRoute() {
  const [params] = useSearchParams();
  return params.has("email") ? <PortalRedirectPage email={params.get("email") ?? ""} /> : <HomePage />;
}
