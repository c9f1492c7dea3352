// What home shows for the billing portal's link (?token= or ?email=, product.md PAY-8) until the browser leaves or
// the redirect says otherwise: the page the server answers such a link with (pre-rendered, scripts/prerender.mjs),
// the fallback while the redirect's code loads (src/app/home-route.tsx) and the redirect's own busy state, the same
// markup in all three so nothing on screen moves between them. It is in home's first load: its messages are in
// home's catalog too (lingui.config.ts), and it writes StatusCard's and Spinner's markup (./status-card) itself,
// since importing them made a chunk of its own, 300 bytes over home's budget (npm run test:size).
import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export function PortalRedirecting() {
  const { t } = useLingui();
  const title = t`Redirecting to Billing Portal`;
  const text = t`Please wait while we take you to your billing portal.`;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6 sm:py-20" aria-busy="true">
      <PageMeta title={title} description={text} noindex />
      <div className="rounded-card bg-white px-5 py-10 text-center shadow-card sm:px-10">
        <div aria-hidden="true" className="mx-auto size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" />
        <h1 className="mt-6 text-3xl font-bold text-brand-900">{title}</h1>
        <p role="status" className="mt-4 text-lg text-muted">{text}</p>
      </div>
    </section>
  );
}
