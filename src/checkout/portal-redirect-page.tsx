// Home with ?email= or ?token=: the billing-portal redirect of product.md PAY-8, in place of home's content. It
// redirects only with ?token= (the welcome e-mail's or a sign-in link's: the e-mails' links carry it without the
// address); with only an address it offers to e-mail a sign-in link.
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { fromPromise } from "xstate";
import { createActorContext } from "@xstate/react";
import { useLingui } from "@lingui/react/macro";
import { portalRedirectMachine } from "#machines/portal-redirect.machine";
import { paymentProviderOrigins } from "../api/client";
import { Button } from "../ui/button";
import { LinkButton } from "../ui/link-button";
import { PageMeta } from "../ui/page-meta";
import { SignInLinkHelp } from "../ui/sign-in-link-help";
import { useFocusWhenShown } from "../ui/use-focus-when-shown";
import { usePageRestored } from "../ui/use-page-restored";
import { portalRedirectActors } from "./checkout-actors";
import { resumablePortalToken } from "./portal-token-tab";
import { siteOrigin } from "../browser/tab-session";
import { Spinner, StatusCard } from "./status-card";
import { PortalRedirecting } from "./portal-redirecting";
import { inspect } from "../inspection/inspect";

const PortalRedirect = createActorContext(portalRedirectMachine);

export default function PortalRedirectPage({ email }: { email: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // An empty ?token= marks this page reloaded (or loaded in the other language) while its request was on its way: it
  // carries on with the token the tab kept, if that may still be (./portal-token-tab).
  const marked = params.get("token") === "";
  const [input] = useState(() => ({
    email,
    token: marked ? resumablePortalToken() : (params.get("token") ?? ""),
    ownOrigin: siteOrigin(),
    providerOrigins: paymentProviderOrigins,
  }));
  // Back from the portal, a fresh load of the address: what a browser without the back-forward cache shows (home,
  // the token gone), and the token this page holds in memory goes with it.
  const [logic] = useState(() =>
    portalRedirectMachine.provide({ actors: { ...portalRedirectActors(), reload: fromPromise<unknown>(async () => window.location.reload()) } }),
  );
  // The mark alone, nothing to carry on with: home, as the address showed before it bore the mark. (useNavigate, not
  // <Navigate>: that would put its code in home's first load, npm run test:size.)
  const navigate = useNavigate();
  const goHome = marked && !input.token && !params.has("email");
  useEffect(() => {
    if (goHome) void navigate(pathname, { replace: true });
  }, [goHome, navigate, pathname]);
  if (goHome) return <PortalRedirecting />;
  // As its request starts, the token leaves the address bar and the history entry (a shared screen, a history list):
  // only the browser's address changes, the router keeps its location, so this page stays until the redirect.
  return (
    <PortalRedirect.Provider logic={logic} options={{ input, inspect }}>
      <PortalRedirectView />
    </PortalRedirect.Provider>
  );
}

function PortalRedirectView() {
  const { t } = useLingui();
  const error = PortalRedirect.useSelector((s) => s.context.error);
  const offer = PortalRedirect.useSelector((s) => s.matches("needsLink") || s.matches("requestingLink"));
  const sent = PortalRedirect.useSelector((s) => s.matches("linkSent"));
  const canRetry = PortalRedirect.useSelector((s) => s.can({ type: "portal.retry" }));
  const returned = PortalRedirect.useSelector((s) => s.matches("returned"));
  const actor = PortalRedirect.useActorRef();
  // Back from the billing portal, the back-forward cache shows this page as it left: the machine loads it afresh.
  usePageRestored(() => actor.send({ type: "page.restored" }));
  // Try again replaces its own button: when it fails once more, the focus goes to the error's heading, not the page's top.
  const [retried, setRetried] = useState(false);
  const errorHeading = useFocusWhenShown<HTMLHeadingElement>(retried && error !== null);
  // Only for the moment the fresh load takes: no text, since the page is no longer taking anyone to the portal.
  if (returned) {
    return (
      <StatusCard busy>
        <Spinner large />
      </StatusCard>
    );
  }
  if (offer) return <LinkOffer />;
  if (sent) return <LinkSent />;
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
        <h1 ref={errorHeading} tabIndex={-1} className="mt-6 text-3xl font-bold text-brand-900 outline-none">{errorTitle}</h1>
        <p role="alert" className="mt-4 text-lg text-muted">{message}</p>
        <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          {canRetry && (
            <Button
              onPress={() => {
                setRetried(true);
                actor.send({ type: "portal.retry" });
              }}
            >
              {t`Try again`}
            </Button>
          )}
          <LinkButton to="/" variant={canRetry ? "secondary" : undefined}>{t`Return to Homepage`}</LinkButton>
        </div>
      </StatusCard>
    );
  }
  return <PortalRedirecting />;
}

function LinkOffer() {
  const { t } = useLingui();
  const actor = PortalRedirect.useActorRef();
  const email = PortalRedirect.useSelector((s) => s.context.email.trim());
  const sending = PortalRedirect.useSelector((s) => s.matches("requestingLink"));
  const failed = PortalRedirect.useSelector((s) => s.context.sendFailed);
  // The button is disabled while sending, so the focus falls to the page's body: a failure puts it on the message,
  // which is also how a repeated failure is heard (the same text again says nothing in a live region).
  const failure = useFocusWhenShown<HTMLParagraphElement>(failed && !sending);
  return (
    <StatusCard>
      <PageMeta title={t`Open your billing portal`} description={t`The billing portal opens from a link we email you.`} />
      <h1 className="text-3xl font-bold text-brand-900">{t`Open your billing portal`}</h1>
      <p className="mt-4 text-lg text-muted">
        {t`For your security, the billing portal opens from a link we email you. We'll send it to ${email}; it works once, for 15 minutes.`}
      </p>
      <Button className="mt-8" isDisabled={sending} onPress={() => actor.send({ type: "link.request" })}>
        {sending && <Spinner />}
        {t`Email me a link to my billing portal`}
      </Button>
      <p ref={failure} tabIndex={-1} role="status" className="mt-4 min-h-6 text-sm text-danger outline-none">
        {failed && t`We couldn't send the link right now. Please try again in a minute.`}
      </p>
      <LinkButton to="/" variant="secondary" className="mt-4">{t`Return to Homepage`}</LinkButton>
    </StatusCard>
  );
}

function LinkSent() {
  const { t } = useLingui();
  const email = PortalRedirect.useSelector((s) => s.context.email.trim());
  return (
    <StatusCard>
      <PageMeta title={t`Check your email`} description={t`We've emailed you a link to your billing portal.`} />
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{t`Check your email`}</h1>
      <p role="status" className="mt-4 text-lg text-muted">
        {email
          ? t`If ${email} has a subscription with us, we've emailed you a link to your billing portal. It works once, for 15 minutes.`
          : t`This link has expired or was already used. If it belongs to a subscription with us, we've emailed you a new link to your billing portal. It works once, for 15 minutes.`}
      </p>
      <SignInLinkHelp />
      <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <LinkButton to="/login">{t`Log in`}</LinkButton>
        <LinkButton to="/" variant="secondary">{t`Return to Homepage`}</LinkButton>
      </div>
    </StatusCard>
  );
}

