// The error boundaries of the routes: a page whose code failed to load, or that failed while rendering.
import { Component, useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { LinkButton, buttonClass } from "../ui/link-button";
import { PageMeta } from "../ui/page-meta";
import { Logo } from "../shell/logo";
import { isModuleLoadError, ReloadForCurrentBuild } from "../loading/stale-build";
import { PageLoading } from "./page-loading";

interface BoundaryProps {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
  /** A new value clears the error (the visitor went to another page). */
  resetKey?: string;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean; resetKey?: string }> {
  state = { error: undefined as unknown, failed: false, resetKey: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, failed: false, resetKey: props.resetKey };
  }
  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** Around the page inside the layout: a failed page shows PageError, until the visitor goes to another page. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <PageError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

/** Around the whole site: the layout itself failed. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(error) => <AppError error={error} />}>{children}</ErrorBoundary>;
}

/** Any page's error, inside the layout: the header and footer stay, so the visitor can go elsewhere. */
export function PageError({ error }: { error: unknown }) {
  const reloading = error instanceof ReloadForCurrentBuild;
  useEffect(() => {
    if (reloading) window.location.reload();
    else console.error("The page failed:", error);
  }, [error, reloading]);
  if (reloading) return <PageLoading />;
  return <ErrorMessage loadFailed={isModuleLoadError(error)} />;
}

/** The last resort, when the layout itself failed: no header or footer, since they may be what broke. */
export function AppError({ error }: { error: unknown }) {
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
          {/* A native button: this page is part of every first load, react-aria's Button is not. */}
          <button type="button" className={`${buttonClass.primary} outline-none focus-visible:ring-3 focus-visible:ring-coral-500`} onClick={() => window.location.reload()}>
            {t`Try again`}
          </button>
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
