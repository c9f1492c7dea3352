import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function AboutPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`About us`} description={t`Who we are and how we care for your laundry.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`About us`}</h1>
    </section>
  );
}
