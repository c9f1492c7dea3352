// Home with ?email=: the billing-portal redirect of spec section 2, in place of home's content.
import { useState } from "react";
import { createActorContext } from "@xstate/react";
import { useLingui } from "@lingui/react/macro";
import { portalRedirectMachine } from "../../machines/portal-redirect.machine";
import { paymentProviderOrigins } from "../api/client";
import { LinkButton } from "../ui/button";
import { PageMeta } from "../ui/page-meta";
import { portalRedirectActors } from "./checkout-actors";
import { siteOrigin } from "./checkout-storage";
import { Spinner, StatusCard } from "./status-card";
import { inspect } from "../inspection/inspect";

const PortalRedirect = createActorContext(portalRedirectMachine);

export default function PortalRedirectPage({ email }: { email: string }) {
  const [input] = useState(() => ({ email, ownOrigin: siteOrigin(), providerOrigins: paymentProviderOrigins }));
  const [logic] = useState(() => portalRedirectMachine.provide({ actors: portalRedirectActors() }));
  return (
    <PortalRedirect.Provider logic={logic} options={{ input, inspect }}>
      <PortalRedirectView />
    </PortalRedirect.Provider>
  );
}

function PortalRedirectView() {
  const { t } = useLingui();
  const error = PortalRedirect.useSelector((s) => s.context.error);
  if (error) {
    // A context of its own: other catalogs translate a bare "Error" differently (e.g. a failed send).
    const errorTitle = t({ message: "Error", context: "billing portal redirect" });
    const message = error === "missingEmail" ? t`No email provided in URL` : t`Failed to create portal session. Please try again.`;
    return (
      <StatusCard>
        <PageMeta title={errorTitle} description={message} />
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-danger/10" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="size-8 text-danger" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
            <path d="M12 8v5M12 16.5v.01" />
            <circle cx="12" cy="12" r="9.5" strokeWidth="2" />
          </svg>
        </div>
        <h1 className="mt-6 text-3xl font-bold text-brand-900">{errorTitle}</h1>
        <p role="alert" className="mt-4 text-lg text-muted">{message}</p>
        <LinkButton to="/" className="mt-8">{t`Return to Homepage`}</LinkButton>
      </StatusCard>
    );
  }
  return (
    <StatusCard busy>
      <PageMeta title={t`Redirecting to Billing Portal`} description={t`Taking you to your billing portal.`} />
      <Spinner large />
      <h1 className="mt-6 text-3xl font-bold text-brand-900">{t`Redirecting to Billing Portal`}</h1>
      <p role="status" className="mt-4 text-lg text-muted">{t`Please wait while we take you to your billing portal.`}</p>
    </StatusCard>
  );
}
