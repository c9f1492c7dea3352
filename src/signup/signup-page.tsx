// /signup: restores the tab's form (or the checkout's, with resume=1), handles payment=canceled, then
// runs the wizard.
import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { PageMeta } from "../ui/page-meta";
import { showToast } from "../ui/toast";
import { useLanguage } from "../i18n/language-provider";
import type { SignupInput } from "#machines/signup.machine";
import { browserToday, clearMirroredForm, paidInThisTab, readMirroredForm, readSavedSignup } from "./signup-session";
import { siteOrigin } from "../browser/tab-session";
import { SignupWizard } from "./signup-wizard";

export default function SignupPage() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [input, setInput] = useState<SignupInput | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const base = { language, today: browserToday(), origin: siteOrigin() };
    // A sign-up this tab already paid for is done: opening /signup again starts a fresh one (product.md SU-8).
    const resumable = params.get("resume") === "1" ? readSavedSignup() : null;
    const saved = resumable && !paidInThisTab(resumable.form.email) ? resumable : null;
    let mirrored = saved ? null : readMirroredForm();
    if (mirrored && paidInThisTab(mirrored.form.email)) {
      clearMirroredForm();
      mirrored = null;
    }
    // Storage is read once, in the browser, after the first render (never during a pre-render).
    // /signup?zip=<zip> (the ZIP checks of the home page and /service-areas): step 1 opens with it filled in and checked.
    const zip = !saved && /^\d{5}$/.test(params.get("zip") ?? "") ? params.get("zip")! : undefined;
    const restoreStep = mirrored && (!zip || zip === mirrored.form.address.zip) ? mirrored.step : 1;
    setInput(
      saved
        ? { ...base, form: saved.form, restoreStep: 6 }
        : mirrored
          ? { ...base, form: mirrored.form, restoreStep, zip }
          : { ...base, zip },
    );
    if (params.get("payment") === "canceled") {
      // A calm notice, not an error: the visitor chose to cancel (issue 13 item 15; the spec says "destructive").
      showToast({ title: t`Payment Canceled`, description: t`Your payment was canceled. You can try again when ready.`, variant: "default" });
    }
    if (params.has("payment") || params.has("resume")) navigate("/signup", { replace: true });
  }, [language, navigate, t]);

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta title={t`Sign up`} description={t`Schedule your weekly laundry pickup in six short steps.`} />
      <h1 className="font-display text-3xl font-bold text-brand-900 sm:text-4xl">{t`Schedule your pickup`}</h1>
      <p className="mt-2 text-muted">{t`Six short steps, then secure payment. Cancel anytime.`}</p>
      {/* A screen high while the form is restored, so the footer stays below the fold until the wizard is there. */}
      {input ? <SignupWizard input={input} /> : <div className="mt-8 min-h-screen" aria-busy="true" />}
    </section>
  );
}
