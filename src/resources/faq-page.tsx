import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function FaqPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Frequently asked questions`} description={t`Answers about pickups, pricing and our eco-friendly care.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Frequently asked questions`}</h1>
    </section>
  );
}
