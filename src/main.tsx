import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import "./styles.css";
import { router } from "./app/router";
import { LanguageProvider } from "./i18n/language-provider";
import { loadLanguage } from "./i18n/catalogs";
import { readInitialLanguage } from "./i18n/browser-language";
import { startInspection } from "./inspection/start";

const SupportPanel = lazy(() => import("./support/support-panel"));

const language = readInitialLanguage();
const [{ support }] = await Promise.all([startInspection(), loadLanguage(language)]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <LanguageProvider initial={language}>
      <RouterProvider router={router} />
      {support && (
        <Suspense fallback={null}>
          <SupportPanel />
        </Suspense>
      )}
    </LanguageProvider>
  </StrictMode>,
);
