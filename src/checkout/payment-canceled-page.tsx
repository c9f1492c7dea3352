// /payment-canceled: removes the pending sign-up and takes the visitor back to step 6 (product.md PAY-5).
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { createActorContext } from "@xstate/react";
import { useLingui } from "@lingui/react/macro";
import { paymentCanceledMachine, SIGNUP_RESUME_PATH } from "#machines/payment-canceled.machine";
import { PageMeta } from "../ui/page-meta";
import { paymentCanceledActors } from "./checkout-actors";
import { readSavedCheckout } from "../browser/tab-session";
import { Spinner, StatusCard } from "./status-card";
import { inspect } from "../inspection/inspect";

const PaymentCanceled = createActorContext(paymentCanceledMachine);

export default function PaymentCanceledPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The cancel address names the checkout it cancels (?checkout=, added by the server): only that one is rolled back.
  const [input] = useState(() => ({ email: readSavedCheckout()?.client.email ?? null, checkout: params.get("checkout") }));
  const [logic] = useState(() => paymentCanceledMachine.provide({ actors: paymentCanceledActors(navigate) }));
  return (
    <PaymentCanceled.Provider logic={logic} options={{ input, inspect }}>
      <PaymentCanceledView />
    </PaymentCanceled.Provider>
  );
}

function PaymentCanceledView() {
  const { t } = useLingui();
  const stuck = PaymentCanceled.useSelector((s) => s.matches("stuck"));
  return (
    <StatusCard busy={!stuck}>
      <PageMeta title={t`Payment canceled`} description={t`Your payment was canceled. We're taking you back to finish your registration.`} />
      {!stuck && <Spinner large />}
      <h1 className="mt-6 text-3xl font-bold text-brand-900">{t`Payment canceled`}</h1>
      <p role="status" className="mt-4 text-lg text-muted">
        {stuck ? t`Your payment was canceled. You can finish your registration when you're ready.` : t`Redirecting… We're taking you back to finish your registration.`}
      </p>
      {stuck && (
        <Link to={SIGNUP_RESUME_PATH} replace className="mt-8 inline-flex min-h-11 items-center rounded-control bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t`Finish registration`}
        </Link>
      )}
    </StatusCard>
  );
}
