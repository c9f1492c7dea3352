// The dates and review steps load on demand: the calendar, @internationalized/date and date-fns' locales
// are not part of the sign-up page's first download. The wizard preloads a step's code ahead (the dates step's
// from the visitor's first touch of step 1) and renders it, hidden, up to three steps ahead once that code is here,
// so Continue normally only reveals it (no loading state, nothing shifts). A step whose code has not come (a
// dropped connection) is never rendered ahead: when the visitor reaches it, StepCodeBoundary says so inside the
// wizard and loads it again, instead of the page's error taking the whole sign-up away.
import { Component, lazy, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { isModuleLoadError, loadPageCode } from "../loading/stale-build";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

function preloadable(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const loadLazily = () => lazy(() => loadPageCode(preload).then((component) => ({ default: component })));
  // Replaced after a failed load (retry): React keeps a lazy component's failure for good.
  let Lazy = loadLazily();
  function Step() {
    // Chosen once per mount: a step that was loaded renders directly, without suspending.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return {
    Step,
    preload,
    isLoaded: () => loaded !== undefined,
    retry: () => {
      if (!loaded) Lazy = loadLazily();
    },
  };
}

const dates = preloadable(() => import("./steps/dates-step").then((m) => m.DatesStep));
const review = preloadable(() => import("./steps/review-step").then((m) => m.ReviewStep));

/** The steps whose code loads on demand, by number. */
export const DATES_STEP = 4;
const REVIEW_STEP = 6;

export const DatesStep = dates.Step;
export const ReviewStep = review.Step;

/** Whether a step can render without loading anything (the steps in the page's own code, or a lazy one loaded). */
export function stepCodeLoaded(step: number): boolean {
  return step === DATES_STEP ? dates.isLoaded() : step === REVIEW_STEP ? review.isLoaded() : true;
}

/**
 * Starts loading the steps the visitor may reach next from `step` (from step 1: the dates step, which the wizard
 * calls on the visitor's first touch, never on the page's first load). Resolves once those loads settled, with
 * whether a step's code is newly here (a failed one is asked for again on the next call).
 */
export async function preloadStepsAfter(step: number): Promise<boolean> {
  const wanted = [...(step >= 1 ? [dates] : []), ...(step >= DATES_STEP ? [review] : [])].filter((s) => !s.isLoaded());
  const results = await Promise.allSettled(wanted.map((s) => s.preload()));
  return results.some((r) => r.status === "fulfilled");
}

/**
 * Around the step shown: its code failing to load (offline) shows a message in the wizard, with every answer
 * kept, and loads it again on a press of Try again or when the browser is back online. A failure a reload may
 * fix (a tab older than the deploy: loadPageCode's ReloadForCurrentBuild) and any other error go on to the
 * page's error boundary, as before.
 */
export class StepCodeBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  retry = () => {
    dates.retry();
    review.retry();
    this.setState({ error: undefined, failed: false });
  };
  render() {
    if (!this.state.failed) return this.props.children;
    // Thrown again from here, it reaches the boundary above (the page's).
    if (!isModuleLoadError(this.state.error)) throw this.state.error;
    return <StepCodeFailed onRetry={this.retry} />;
  }
}

function StepCodeFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  useEffect(() => {
    window.addEventListener("online", onRetry);
    return () => window.removeEventListener("online", onRetry);
  }, [onRetry]);
  return (
    <Alert variant="destructive" announce title={t`We couldn't load this step`}>
      <div className="flex flex-col items-start gap-3">
        <p>{t`Check your connection and try again.`}</p>
        <Button variant="secondary" onPress={onRetry}>
          {t`Try again`}
        </Button>
      </div>
    </Alert>
  );
}
