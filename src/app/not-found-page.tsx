import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";

export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={t`Page not found`} description={t`The page you are looking for does not exist.`} />
      <p className="font-display text-6xl font-bold text-brand-200" aria-hidden="true">404</p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{t`Oops! Page not found`}</h1>
      <p className="mt-3 text-muted">{t`The page you are looking for doesn't exist or has been moved.`}</p>
      <Link to="/" className="mt-8 rounded-control bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        {t`Return to Home`}
      </Link>
    </section>
  );
}
