import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function ContactPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Contact us`} description={t`Get in touch with our team.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Contact us`}</h1>
    </section>
  );
}
