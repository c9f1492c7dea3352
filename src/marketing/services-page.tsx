import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function ServicesPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Our services`} description={t`Wash and fold, delicates, linens and more.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Our services`}</h1>
    </section>
  );
}
