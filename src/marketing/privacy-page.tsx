import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Privacy notice`} description={t`What we collect and why.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Privacy notice`}</h1>
    </section>
  );
}
