import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import "./styles.css";
import { router } from "./app/router";
import { LanguageProvider } from "./i18n/language-provider";
import { loadLanguage } from "./i18n/catalogs";
import { readInitialLanguage } from "./i18n/browser-language";

const language = readInitialLanguage();
await loadLanguage(language);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <LanguageProvider initial={language}>
      <RouterProvider router={router} />
    </LanguageProvider>
  </StrictMode>,
);
