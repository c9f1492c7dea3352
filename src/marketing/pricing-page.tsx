import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function PricingPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Simple, honest pricing`} description={t`Plans from $19.99 per week.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Simple, honest pricing`}</h1>
    </section>
  );
}
