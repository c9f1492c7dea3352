// /signup: restores the tab's form (or the checkout's, with resume=1), handles payment=canceled, then
// runs the wizard.
import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { PageMeta } from "../ui/page-meta";
import { showToast } from "../ui/toast";
import { useLanguage } from "../i18n/language-provider";
import type { SignupInput } from "../../machines/signup.machine";
import { browserToday, readMirroredForm, readSavedCheckout, siteOrigin } from "./signup-session";
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
    const saved = params.get("resume") === "1" ? readSavedCheckout() : null;
    const mirrored = saved ? null : readMirroredForm();
    // Storage is read once, in the browser, after the first render (never during a pre-render).
    setInput(saved ? { ...base, form: saved.form, restoreStep: 6 } : mirrored ? { ...base, form: mirrored.form, restoreStep: mirrored.step } : base);
    if (params.get("payment") === "canceled") {
      showToast({ title: t`Payment Canceled`, description: t`Your payment was canceled. You can try again when ready.`, variant: "destructive" });
    }
    if (params.has("payment") || params.has("resume")) navigate("/signup", { replace: true });
  }, [language, navigate, t]);

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta title={t`Sign up`} description={t`Schedule your weekly laundry pickup in six short steps.`} />
      <h1 className="font-display text-3xl font-bold text-brand-900 sm:text-4xl">{t`Schedule your pickup`}</h1>
      <p className="mt-2 text-muted">{t`Six short steps, then secure payment. Cancel anytime.`}</p>
      {input ? <SignupWizard input={input} /> : <div className="mt-8 min-h-[28rem]" aria-busy="true" />}
    </section>
  );
}
