// The dates and review steps load on demand: the calendar, @internationalized/date and date-fns' locales
// are not part of the sign-up page's first download. The wizard preloads a step's code two steps ahead and
// renders it, hidden, one step ahead, so Continue normally only reveals it (no loading state, nothing shifts).
import { lazy, useState, type ComponentType } from "react";
import { loadPageCode } from "../loading/stale-build";

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
  const Lazy = lazy(() => loadPageCode(preload).then((component) => ({ default: component })));
  function Step() {
    // Chosen once per mount: a step that was loaded renders directly, without suspending.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Step, preload };
}

const dates = preloadable(() => import("./steps/dates-step").then((m) => m.DatesStep));
const review = preloadable(() => import("./steps/review-step").then((m) => m.ReviewStep));

export const DatesStep = dates.Step;
export const ReviewStep = review.Step;

/** Starts loading the steps the visitor may reach next from `step` (failures surface when the step renders). */
export function preloadStepsAfter(step: number) {
  const ignore = () => {};
  if (step >= 2) dates.preload().catch(ignore);
  if (step >= 4) review.preload().catch(ignore);
}
