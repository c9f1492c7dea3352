import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function HowItWorksPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`How it works`} description={t`Four simple steps from pickup to delivery.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`How it works`}</h1>
    </section>
  );
}
