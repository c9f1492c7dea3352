// /payment-success: the success message, what happens next, and the billing-portal button (product.md PAY-3, PAY-4).
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { createActorContext } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { format, parseISO } from "date-fns";
import { paymentSuccessMachine, type PaymentSuccessInput } from "#machines/payment-success.machine";
import { paymentProviderOrigins } from "../api/client";
import { formatUsd, PRICE_WEEKLY_CENTS, renewalDate } from "#domain/plan";
import { dateLocale } from "../i18n/date-locale";
import { useLanguage } from "../i18n/language-provider";
import { Button, LinkButton } from "../ui/button";
import { PageMeta } from "../ui/page-meta";
import { usePageRestored } from "../ui/use-page-restored";
import { paymentSuccessActors } from "./checkout-actors";
import { trackerPresent } from "./checkout-storage";
import { readSavedCheckout, siteOrigin } from "../browser/tab-session";
import { StatusCard, Spinner } from "./status-card";
import { inspect } from "../inspection/inspect";

const PaymentSuccess = createActorContext(paymentSuccessMachine);

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  // Read once, when the actor is created (browser-only module; this page is never pre-rendered).
  const [input] = useState<PaymentSuccessInput>(() => {
    const saved = readSavedCheckout();
    return {
      client: saved ? { email: saved.client.email, pickupone: saved.client.pickupone, pickuptwo: saved.client.pickuptwo } : null,
      sessionId: params.get("session_id"),
      trackerPresent: trackerPresent(),
      ownOrigin: siteOrigin(),
      providerOrigins: paymentProviderOrigins,
    };
  });
  const [logic] = useState(() => paymentSuccessMachine.provide({ actors: paymentSuccessActors() }));
  // Arriving from the checkout is a new document whose first entry shares the router's "default" key with
  // the tab's first page, whose scroll position the router would restore (the footer of the wizard): an
  // arrival from outside starts at the top; in-site Back and Forward keep theirs.
  const { key } = useLocation();
  useEffect(() => {
    if (key === "default") window.scrollTo(0, 0);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PaymentSuccess.Provider logic={logic} options={{ input, inspect }}>
      <PaymentSuccessView />
    </PaymentSuccess.Provider>
  );
}

function PaymentSuccessView() {
  const { t } = useLingui();
  const client = PaymentSuccess.useSelector((s) => s.context.client);
  return (
    <StatusCard>
      <PageMeta title={t`Payment successful`} description={t`Your FreshFold subscription is active. Manage it any time in the billing portal.`} />
      <SuccessIcon />
      <h1 className="mt-6 text-3xl font-bold text-brand-900 sm:text-4xl">{t`Payment Successful!`}</h1>
      <p className="mt-4 text-lg text-muted">
        {t`Thank you for signing up! Your account has been created and you'll receive a confirmation email shortly.`}
      </p>
      {client ? <NextSteps pickupOne={client.pickupone} pickupTwo={client.pickuptwo} /> : <NoCheckout />}
    </StatusCard>
  );
}

function NextSteps({ pickupOne, pickupTwo }: { pickupOne: string; pickupTwo: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const locale = dateLocale[language];
  const day = (date: string) => format(parseISO(date), "EEEE", { locale });
  const longDate = (date: string) => format(parseISO(date), language === "es" ? "EEEE d 'de' MMMM" : "EEEE, MMMM d", { locale });
  const firstPickup = longDate(pickupOne);
  const firstDay = day(pickupOne);
  const secondDay = day(pickupTwo);
  const renewal = longDate(renewalDate(pickupOne));
  const weekly = formatUsd(PRICE_WEEKLY_CENTS);
  return (
    <>
      <section aria-labelledby="next-steps" className="mt-8 rounded-card bg-sand-100 p-5 text-left sm:p-6">
        <h2 id="next-steps" className="text-lg font-semibold text-brand-900">{t`What happens next`}</h2>
        <dl className="mt-4 space-y-4 text-sm sm:text-base">
          <div>
            <dt className="font-semibold text-ink">{t`Your first pickup`}</dt>
            <dd className="text-muted first-letter:uppercase">{firstPickup}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink">{t`Weekly pickups`}</dt>
            <dd className="text-muted">
              <Trans>Every {firstDay} and {secondDay}</Trans>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-ink">{t`Your plan`}</dt>
            <dd className="text-muted">
              <Trans>{weekly} a week from {renewal}. Cancel anytime in the billing portal.</Trans>
            </dd>
          </div>
        </dl>
      </section>
      <PortalActions />
    </>
  );
}

function PortalActions() {
  const { t } = useLingui();
  const actor = PaymentSuccess.useActorRef();
  const ready = PaymentSuccess.useSelector((s) => s.hasTag("portalReady"));
  const opening = PaymentSuccess.useSelector((s) => s.hasTag("portalOpening"));
  const pending = PaymentSuccess.useSelector((s) => s.hasTag("portalPending"));
  const unavailable = PaymentSuccess.useSelector((s) => s.matches({ portal: "unavailable" }));
  const emailed = PaymentSuccess.useSelector((s) => s.matches({ portal: "emailed" }));
  const stalled = PaymentSuccess.useSelector((s) => s.matches({ portal: "stalled" }));
  // Back from the billing portal through the back-forward cache: the button works again.
  usePageRestored(() => actor.send({ type: "page.restored" }));
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button isDisabled={!ready || opening} onPress={() => actor.send({ type: "portal.open" })} className="w-full sm:w-auto">
          {opening && <Spinner />}
          {t`Go to Billing Portal`}
        </Button>
        <LinkButton to="/" variant="secondary" className="w-full sm:w-auto">{t`Return to Homepage`}</LinkButton>
      </div>
      <p role="status" className="min-h-6 text-sm text-muted">
        {pending && t`Preparing your billing portal…`}
        {opening && t`Opening your billing portal…`}
        {unavailable && t`We couldn't get your billing portal link right now. Your confirmation email also explains how to reach it.`}
        {emailed && t`For your security, this page can no longer open your billing portal. We've emailed you a sign-in link to it.`}
        {stalled && t`Your billing portal hasn't opened yet. It may still be loading. If it doesn't open, press Go to Billing Portal again.`}
      </p>
      {unavailable && (
        <Button variant="ghost" onPress={() => actor.send({ type: "portal.retry" })}>{t`Try again`}</Button>
      )}
    </div>
  );
}

function NoCheckout() {
  const { t } = useLingui();
  return (
    <div className="mt-8 flex flex-col items-center gap-4">
      <p className="text-muted">{t`Your confirmation email has everything you need, including the way to your billing portal.`}</p>
      <LinkButton to="/">{t`Return to Homepage`}</LinkButton>
    </div>
  );
}

function SuccessIcon() {
  return (
    <div className="mx-auto flex size-20 items-center justify-center rounded-full bg-success/10 ring-8 ring-success/5" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="size-10 text-success" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M20 6 9 17l-5-5" />
      </svg>
    </div>
  );
}
