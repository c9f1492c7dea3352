// The wizard's frame: progress, the active step, Back/Continue, the live announcements and the toasts.
import { useEffect, useRef } from "react";
import { useLingui } from "@lingui/react/macro";
import { SIGNUP_STEPS } from "../contract/plan";
import { stepOf, type SignupInput } from "../../machines/signup.machine";
import { inspect } from "../inspection/inspect";
import { useLanguage } from "../i18n/language-provider";
import { Button } from "../ui/button";
import { ProgressBar } from "../ui/progress-bar";
import { showToast } from "../ui/toast";
import { SignupActor } from "./signup-actor";
import { checkoutErrorText, validationText } from "./signup-messages";
import { writeMirroredForm } from "./signup-session";
import { PersonalStep } from "./steps/personal-step";
import { DetergentStep, SoftenerStep } from "./steps/preference-steps";
import { DatesStep } from "./steps/dates-step";
import { BuildingStep } from "./steps/building-step";
import { ReviewStep } from "./steps/review-step";
import { CheckAnnouncements } from "./check-announcements";

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
  const checking = SignupActor.useSelector((s) => s.hasTag("checking"));
  const canGoBack = SignupActor.useSelector((s) => s.can({ type: "step.back" }));

  // The machine carries keys and codes; the toasts are written here, in the active language.
  useEffect(() => {
    const validation = actor.on("validation.failed", ({ keys }) =>
      showToast({ title: t`Validation Error`, description: keys.map((k) => validationText(i18n, k)).join(", "), variant: "destructive" }),
    );
    const checkout = actor.on("checkout.failed", ({ code, message }) =>
      showToast({ title: t`Payment Error`, description: checkoutErrorText(i18n, code, message), variant: "destructive" }),
    );
    return () => {
      validation.unsubscribe();
      checkout.unsubscribe();
    };
  }, [actor, i18n, t]);

  // The form is mirrored into sessionStorage on every change (spec section 4), with the step it is on.
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
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: "page.restored" });
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [actor]);

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

  const titles: Record<number, string> = {
    1: t`Personal information and address`,
    2: t`Detergent`,
    3: t`Fabric softener`,
    4: t`Pickup days`,
    5: t`Building type`,
    6: t`Review and pay`,
  };
  const percent = Math.round((step / SIGNUP_STEPS) * 100);

  return (
    <div className="mt-6 flex flex-col gap-6">
      <ProgressBar
        label={t`Step ${step} of ${SIGNUP_STEPS}`}
        value={percent}
        valueText={t`${percent}% complete`}
      />
      <form
        noValidate
        className="flex flex-col gap-6 rounded-card bg-white p-4 shadow-card sm:p-8"
        aria-labelledby="signup-step-heading"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) actor.send({ type: "step.next" });
        }}
      >
        <h2 id="signup-step-heading" ref={heading} tabIndex={-1} className="font-display text-2xl font-semibold text-brand-900 outline-none">
          {titles[step]}
        </h2>
        {step === 1 && <PersonalStep />}
        {step === 2 && <DetergentStep />}
        {step === 3 && <SoftenerStep />}
        {step === 4 && <DatesStep />}
        {step === 5 && <BuildingStep />}
        {step === 6 && <ReviewStep />}
        <div className="flex flex-col-reverse gap-3 border-t border-brand-100 pt-6 sm:flex-row sm:justify-between">
          <Button variant="secondary" isDisabled={!canGoBack || busy} onPress={() => actor.send({ type: "step.back" })}>
            {t`Back`}
          </Button>
          <Button type="submit" variant={step === SIGNUP_STEPS ? "accent" : "primary"} isDisabled={busy || checking}>
            {busy ? t`Processing...` : step === SIGNUP_STEPS ? t`Complete and pay` : t`Continue`}
          </Button>
        </div>
      </form>
      <CheckAnnouncements />
    </div>
  );
}
