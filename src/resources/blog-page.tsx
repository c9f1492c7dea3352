import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function BlogPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Blog`} description={t`Laundry tips, eco-friendly living and Miami life.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Blog`}</h1>
    </section>
  );
}
