import { useLingui } from "@lingui/react/macro";

export default function PortalRedirectPage({ email }: { email: string }) {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" data-email={email}>
      <h1 className="text-3xl font-bold text-brand-900">{t`Redirecting to Billing Portal`}</h1>
    </section>
  );
}
