import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function TermsPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Terms of service`} description={t`The terms of our laundry subscription.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Terms of service`}</h1>
    </section>
  );
}
