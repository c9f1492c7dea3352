import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function SignupPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Sign up`} description={t`Start your weekly laundry pickup.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Sign up`}</h1>
    </section>
  );
}
