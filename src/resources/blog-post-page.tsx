import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function BlogPostPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta title={t`Blog post`} description={t`A post from our blog.`} />
      <h1 className="text-4xl font-bold text-brand-900">{t`Blog post`}</h1>
    </section>
  );
}
