// /signup: restores the tab's form (or the checkout's, with resume=1), handles payment=canceled, then
// runs the wizard.
import { useLayoutEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { PageMeta } from "../ui/page-meta";
import { showToast } from "../ui/toast";
import { useLanguage } from "../i18n/language-provider";
import type { SignupInput } from "#machines/signup.machine";
import { browserToday, clearMirroredForm, openedEntryStep, paidInThisTab, readMirroredForm, readSavedSignup } from "./signup-session";
import { siteOrigin } from "../browser/tab-session";
import { SignupWizard } from "./signup-wizard";

export default function SignupPage() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const navigate = useNavigate();
  // The first render is a blank sign-up at step 1, the same in the pre-render (scripts/prerender.mjs) and in
  // the browser's first render, which hydrates it: step 1 shows neither today nor the origin (the browser's,
  // read here; empty in the pre-render, which never runs the machine). A restored form replaces it below.
  const inBrowser = typeof window !== "undefined";
  const [input, setInput] = useState<SignupInput>(() => ({ language, today: inBrowser ? browserToday() : "", origin: siteOrigin() }));
  const [restored, setRestored] = useState(false);
  // The query string the page opened with: the wizard's first history entry drops it.
  const [opened] = useState(() => (inBrowser ? window.location.search : ""));
  // The step of the history entry the page opened on (Back, Forward or a reload), before the wizard rewrites it.
  const [entryStep] = useState(() => (inBrowser ? openedEntryStep() : null));
  const started = useRef(false);

  // A layout effect: it runs before the blank wizard's own effects, which mirror its form into the storage
  // read here, and before the first paint when the page is rendered afresh.
  useLayoutEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(opened);
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
    // Back, Forward or a reload reopen the entry's step (decision 025), the mirrored one otherwise; either only when
    // every step before it is valid (the machine's restore).
    const restoreStep = mirrored && (!zip || zip === mirrored.form.address.zip) ? (entryStep ?? mirrored.step) : 1;
    if (saved || mirrored || zip) {
      setInput(saved ? { ...base, form: saved.form, restoreStep: 6 } : mirrored ? { ...base, form: mirrored.form, restoreStep, zip } : { ...base, zip });
      setRestored(true);
    }
    if (params.get("payment") === "canceled") {
      // A calm notice, not an error: the visitor chose to cancel (issue 13 item 15; the spec says "destructive").
      showToast({ title: t`Payment Canceled`, description: t`Your payment was canceled. You can try again when ready.`, variant: "default" });
    }
    if (params.has("payment") || params.has("resume")) navigate("/signup", { replace: true });
  }, [entryStep, language, navigate, opened, t]);

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta title={t`Sign up`} description={t`Schedule your weekly laundry pickup in six short steps.`} />
      <h1 className="font-display text-3xl font-bold text-brand-900 sm:text-4xl">{t`Schedule your pickup`}</h1>
      <p className="mt-2 text-muted">{t`Six short steps, then secure payment. Cancel anytime.`}</p>
      {/* A restored form starts a wizard of its own. */}
      <SignupWizard key={restored ? "restored" : "blank"} input={input} />
    </section>
  );
}
