import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function HomePage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Laundry day, handled`} description={t`Weekly laundry pickup and delivery in Miami-Dade.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Laundry day, handled`}</h1>
    </section>
  );
}
