import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function LoginPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Log in`} description={t`Log in to your account.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Log in`}</h1>
    </section>
  );
}
