import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function PaymentSuccessPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Payment successful`} description={t`Your account is ready.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Payment successful`}</h1>
    </section>
  );
}
