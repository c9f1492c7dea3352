import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function HostsPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Laundry for Airbnb hosts`} description={t`Linens and towels for short-term rentals, with volume discounts.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Laundry for Airbnb hosts`}</h1>
    </section>
  );
}
