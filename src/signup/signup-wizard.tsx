// The wizard's frame: progress, the active step, Back/Continue, the live announcements and the toasts.
import { memo, startTransition, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { useLingui } from "@lingui/react/macro";
import { SIGNUP_STEPS } from "#domain/plan";
import { stepOf, type SignupInput, type SignupStep } from "#machines/signup.machine";
import { inspect } from "../inspection/inspect";
import { useLanguage } from "../i18n/language-provider";
import { Button } from "../ui/button";
import { ProgressBar } from "../ui/progress-bar";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";
import { usePageRestored } from "../ui/use-page-restored";
import { useFocusKeptWhileBusy } from "../ui/use-focus-kept-while-busy";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/link-button";
import { closeToast, showToast } from "../ui/toast";
import { useToastsAhead } from "../ui/use-toasts-ahead";
import { SignupActor } from "./signup-actor";
import { checkoutErrorText, validationText } from "./signup-messages";
import { writeMirroredForm } from "./signup-session";
import { PersonalStep } from "./steps/personal-step";
import { DetergentStep, SoftenerStep } from "./steps/preference-steps";
import { BuildingStep } from "./steps/building-step";
import { DATES_STEP, DatesStep, preloadStepsAfter, ReviewStep, StepCodeBoundary, stepCodeLoaded } from "./lazy-steps";
import { CheckAnnouncements } from "./check-announcements";
import { useStepHistory } from "./use-step-history";

/** The id of the step's heading, which names the form (and ends the pre-rendered page's first screen). */
export const SIGNUP_STEP_HEADING_ID = "signup-step-heading";

export function SignupWizard({ input }: { input: SignupInput }) {
  return (
    <SignupActor.Provider options={{ input, inspect }}>
      <Wizard />
    </SignupActor.Provider>
  );
}

function Wizard() {
  const { t, i18n } = useLingui();
  const { language } = useLanguage();
  const actor = SignupActor.useActorRef();
  const step = SignupActor.useSelector(stepOf);
  const busy = SignupActor.useSelector((s) => s.hasTag("busy"));
  const canGoBack = SignupActor.useSelector((s) => s.can({ type: "step.back" }));
  // Still here LEAVING_PATIENCE_MS after leaving for the payment page: its link, to open it again.
  const stalledCheckoutUrl = SignupActor.useSelector((s) => (s.matches({ step6: { review: "stalled" } }) ? s.context.checkoutUrl : null));
  const hydrated = useHydrated();

  // The machine carries keys and codes; the toasts are written here, in the active language. One
  // validation toast at a time: a new failure replaces it, and it closes once the step has no error left
  // or the wizard moves to another step. Each failure also moves the focus to the first invalid field.
  // A failed checkout is also said on the review itself, above its Pay button: the toast's code loads on demand,
  // and the connection that failed the checkout may fail that download too. Gone with a new attempt or step.
  const form = useRef<HTMLFormElement>(null);
  const [failedContinue, setFailedContinue] = useState(0);
  const [checkoutFailure, setCheckoutFailure] = useState<{ code?: string } | null>(null);
  useToastsAhead();
  useEffect(() => {
    let validationToast: number | null = null;
    const closeValidationToast = () => {
      if (validationToast !== null) closeToast(validationToast);
      validationToast = null;
    };
    const validation = actor.on("validation.failed", ({ keys }) => {
      closeValidationToast();
      validationToast = showToast({ title: t`Validation Error`, description: keys.map((k) => validationText(i18n, k)).join(", "), variant: "destructive" });
      setFailedContinue((n) => n + 1);
    });
    const checkout = actor.on("checkout.failed", ({ code }) => {
      setCheckoutFailure({ code });
      showToast({ title: t`Payment Error`, description: checkoutErrorText(i18n, code), variant: "destructive" });
    });
    let lastStep = stepOf(actor.getSnapshot());
    let hadErrors = Object.keys(actor.getSnapshot().context.errors).length > 0;
    const settled = actor.subscribe((snapshot) => {
      const current = stepOf(snapshot);
      const hasErrors = Object.keys(snapshot.context.errors).length > 0;
      if (current !== lastStep || (hadErrors && !hasErrors)) closeValidationToast();
      if (current !== lastStep || snapshot.hasTag("busy")) setCheckoutFailure(null);
      lastStep = current;
      hadErrors = hasErrors;
    });
    return () => {
      validation.unsubscribe();
      checkout.unsubscribe();
      settled.unsubscribe();
      closeValidationToast();
    };
  }, [actor, i18n, t]);

  // After a failed Continue has rendered its messages: the first invalid field (in the order shown) takes
  // the focus, centred on the screen so the toast at the bottom never covers it.
  useEffect(() => {
    if (failedContinue === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]');
    if (!invalid) return;
    const target = invalid.matches("input, textarea, button")
      ? invalid
      : invalid.querySelector<HTMLElement>('input:not([disabled]), textarea, button:not([disabled]):not([aria-pressed="true"])');
    target?.focus({ preventScroll: true });
    (target ?? invalid).scrollIntoView({ block: "center" });
  }, [failedContinue]);

  // The form is mirrored into sessionStorage on every change (product.md SU-5), with the step it is on.
  useEffect(() => {
    let last: unknown = null;
    let lastStep = 0;
    const subscription = actor.subscribe((snapshot) => {
      const current = stepOf(snapshot);
      if (snapshot.context.form === last && current === lastStep) return;
      last = snapshot.context.form;
      lastStep = current;
      writeMirroredForm(snapshot.context.form, current);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    actor.send({ type: "language.changed", language });
  }, [actor, language]);

  // Coming back from the checkout page through the back-forward cache: the wizard is usable again.
  usePageRestored(() => actor.send({ type: "page.restored" }));

  // The dates and review steps load on demand (./lazy-steps): the dates step's from the visitor's first touch of
  // step 1 (the page's first load stays without it), then on every step. A step's code arriving re-renders the
  // steps ahead, in a transition, so the step joins them (below); a failed load is asked for again next time.
  const [, setStepCodeArrived] = useState(0);
  const preloadSteps = useCallback(() => {
    void preloadStepsAfter(step).then((arrived) => {
      if (arrived) startTransition(() => setStepCodeArrived((n) => n + 1));
    });
  }, [step]);
  useEffect(() => {
    if (step > 1) preloadSteps();
  }, [step, preloadSteps]);

  const goBack = useStepHistory(actor, step);

  // Each new step moves the focus to its heading, so keyboard and screen-reader users start at its top.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  // After a check or payment that failed on this step, the focus is back on Continue (or the field it was in).
  const keepFocus = useFocusKeptWhileBusy(busy);

  const titles: Record<number, string> = {
    1: t`Personal information and address`,
    2: t`Detergent`,
    3: t`Fabric softener`,
    4: t`Pickup days`,
    5: t`Building type`,
    6: t`Review and pay`,
  };
  const percent = Math.round((step / SIGNUP_STEPS) * 100);

  // Counts the moves that are not one step forward: the steps rendered ahead are remounted after them,
  // as each step was before it was rendered ahead (a calendar opens on its date again, not where it was left).
  const [moves, setMoves] = useState({ step, run: 0 });
  if (moves.step !== step) setMoves({ step, run: step === moves.step + 1 ? moves.run : moves.run + 1 });
  const stepRun = moves.run;
  // The steps ahead join once the browser is idle after a step has painted: their render never delays that paint.
  // Two steps ahead (never the review), so a visitor who continues again before the browser was idle still finds
  // the next step rendered: it was rendered while they were on the step before. From step 1, where a visitor spends
  // longest, up to the dates step: its calendar is the costliest to render, and steps 2 and 3 are one tap each, too
  // quick for it to be rendered on the way. A transition, so the render yields to the visitor's input (a click on
  // Continue meanwhile interrupts it).
  const [ahead, setAhead] = useState<{ run: number; upTo: number } | null>(null);
  useEffect(() => {
    const renderAhead = () => startTransition(() => setAhead({ run: stepRun, upTo: Math.min(Math.max(step + 2, DATES_STEP), SIGNUP_STEPS - 1) }));
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(renderAhead, 50);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(renderAhead);
    return () => window.cancelIdleCallback(idle);
  }, [step, stepRun]);
  const upTo = ahead?.run === stepRun ? ahead.upTo : step;
  // A step ahead only once its code is here: one still loading, or that failed to load (offline), would suspend or
  // fail unseen, and its failure would take the page down with the step shown.
  const shown = Array.from({ length: Math.max(1, upTo - step + 1) }, (_, i) => step + i).filter((s) => s === step || stepCodeLoaded(s));

  return (
    <div className="mt-6 flex flex-col gap-6">
      <ProgressBar
        label={t`Step ${step} of ${SIGNUP_STEPS}`}
        value={percent}
        valueText={t`${percent}% complete`}
      />
      <form
        ref={form}
        noValidate
        className="flex flex-col gap-6 rounded-card bg-white p-4 shadow-card sm:p-8"
        aria-labelledby={SIGNUP_STEP_HEADING_ID}
        onFocus={(event) => {
          keepFocus(event);
          if (step === 1) preloadSteps();
        }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) actor.send({ type: "step.next" });
        }}
      >
        <h2 id={SIGNUP_STEP_HEADING_ID} ref={heading} tabIndex={-1} className="font-display text-2xl font-semibold text-brand-900 outline-none">
          {titles[step]}
        </h2>
        {/* Disabled in the pre-rendered page until it has hydrated: what was typed before then would never reach
            the machine, and a press of Continue would submit the bare form. Its links work meanwhile. */}
        <fieldset disabled={!hydrated} className="relative flex min-w-0 flex-col gap-6">
          {/* The form's default button (the first submit button in tree order), hidden: Enter in a field submits as
              Continue does, and never clicks a button of a step rendered ahead (the calendar's hidden "next month"
              button has no type, so it is a submit button). No type attribute: a submit button by default. */}
          <button hidden tabIndex={-1} aria-hidden="true" disabled={busy} />
          {/* The step shown, and the next two (from step 1, three) rendered ahead, so a valid Continue only reveals
              the next. Their keys survive a move one step forward; any other move starts afresh. The review is not
              rendered ahead: it repeats every answer, and opens at most once or twice.
              A step ahead is mounted, effects and all, and laid out, but invisible (visibility: hidden: not
              painted, not in the accessibility tree, no Tab stop, no click) in a box of no height that clips it, out
              of the flow (nothing to scroll to). Revealing it changes only its box's class. Before, React's <Activity>
              kept it in `display: none` without effects: the reveal then ran its effects inside the click (the
              calendar's first layout effect re-rendered all its cells) and laid the step out for the first time. */}
          {shown.map((s) => (
            <div
              key={`${s}-${stepRun}`}
              className={s === step ? undefined : "invisible absolute inset-x-0 top-0 h-0 overflow-hidden"}
            >
              <StepCodeBoundary>
                <Suspense fallback={<div className="min-h-96" aria-busy="true" />}>
                  <StepView step={s as SignupStep} />
                </Suspense>
              </StepCodeBoundary>
            </div>
          ))}
          {step === SIGNUP_STEPS && checkoutFailure && (
            <Alert variant="destructive" announce title={t`Payment Error`}>
              {checkoutErrorText(i18n, checkoutFailure.code)}
            </Alert>
          )}
          {step === SIGNUP_STEPS && stalledCheckoutUrl && (
            <Alert variant="warning" announce title={t`The payment page hasn't opened yet`}>
              <p>{t`It may still be loading. If it doesn't open, use this link, or press Complete and pay again.`}</p>
              <a href={stalledCheckoutUrl} className={`${buttonClass.secondary} mt-3`}>
                {t`Open the payment page`}
              </a>
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 border-t border-brand-100 pt-6 sm:flex-row sm:justify-between">
            <Button variant="secondary" isDisabled={!canGoBack || busy} onPress={goBack}>
              {t`Back`}
            </Button>
            {/* Not held by a check running as the visitor types: pressed meanwhile, Continue waits for it under the
                busy label (SU-3). Held, a tap right after the last keystroke was lost on a slow connection. */}
            <SubmitButton variant={step === SIGNUP_STEPS ? "accent" : "primary"} disabled={busy}>
              {busy ? t`Processing...` : step === SIGNUP_STEPS ? t`Complete and pay` : t`Continue`}
            </SubmitButton>
          </div>
        </fieldset>
      </form>
      <CheckAnnouncements />
    </div>
  );
}

const stepViews: Record<SignupStep, ComponentType> = {
  1: PersonalStep,
  2: DetergentStep,
  3: SoftenerStep,
  4: DatesStep,
  5: BuildingStep,
  6: ReviewStep,
};

/** A step's own view; memoised, so the wizard's re-render on a new step leaves a step rendered ahead as it is. */
const StepView = memo(function StepView({ step }: { step: SignupStep }) {
  const View = stepViews[step];
  return <View />;
});
