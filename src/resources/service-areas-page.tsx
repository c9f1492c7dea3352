import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function ServiceAreasPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Service areas`} description={t`Neighbourhoods and ZIP codes we serve in Miami-Dade.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Service areas`}</h1>
    </section>
  );
}
