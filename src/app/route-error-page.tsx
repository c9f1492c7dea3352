// The routes' error elements: a page whose code failed to load, or that failed while rendering.
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { Button, LinkButton, buttonClass } from "../ui/button";
import { PageMeta } from "../ui/page-meta";
import { Logo } from "../shell/logo";
import { isModuleLoadError, ReloadForCurrentBuild } from "../loading/stale-build";
import { PageLoading } from "./page-loading";

/** Any page's error, inside the layout: the header and footer stay, so the visitor can go elsewhere. */
export function PageError() {
  const error = useRouteError();
  const reloading = error instanceof ReloadForCurrentBuild;
  useEffect(() => {
    if (reloading) window.location.reload();
    else console.error("The page failed:", error);
  }, [error, reloading]);
  if (reloading) return <PageLoading />;
  return <ErrorMessage loadFailed={isModuleLoadError(error)} />;
}

/** The last resort, when the layout itself failed: no header or footer, since they may be what broke. */
export function AppError() {
  const error = useRouteError();
  useEffect(() => console.error("The site failed:", error), [error]);
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4">
      <a href="/" className="mb-2">
        <Logo />
      </a>
      <ErrorMessage loadFailed={isModuleLoadError(error)} homeIsFullReload />
    </main>
  );
}

function ErrorMessage({ loadFailed, homeIsFullReload = false }: { loadFailed: boolean; homeIsFullReload?: boolean }) {
  const { t } = useLingui();
  const title = loadFailed ? t`We couldn't load this page` : t`Something went wrong`;
  const message = loadFailed
    ? t`Check your connection and try again.`
    : t`This page ran into a problem on our side. Try again, or go back to the home page.`;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6 sm:py-20">
      <div className="rounded-card bg-white px-5 py-10 text-center shadow-card sm:px-10">
        <PageMeta title={title} description={message} />
        <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
        <p role="alert" className="mt-4 text-lg text-muted">
          {message}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onPress={() => window.location.reload()}>{t`Try again`}</Button>
          {homeIsFullReload ? (
            <a href="/" className={buttonClass.secondary}>
              {t`Return to Home`}
            </a>
          ) : (
            <LinkButton to="/" variant="secondary">
              {t`Return to Home`}
            </LinkButton>
          )}
        </div>
      </div>
    </section>
  );
}
