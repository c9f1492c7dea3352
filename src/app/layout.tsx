import { Suspense } from "react";
import { Outlet } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { Header } from "../shell/header";
import { Footer } from "../shell/footer";
import { ToastRegion } from "../ui/toast";
import { PageLoading } from "./page-loading";
import { PageErrorBoundary } from "./route-error-page";
import { ScrollOnNavigation } from "./scroll-on-navigation";
import { FocusOnNavigation } from "./focus-on-navigation";

export function Layout() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2">
        {t`Skip to content`}
      </a>
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        {/* The header and footer stay on screen while a page's code loads (the fallback) and when a page fails. */}
        <PageErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <FocusOnNavigation />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <ToastRegion />
      <ScrollOnNavigation />
    </div>
  );
}
