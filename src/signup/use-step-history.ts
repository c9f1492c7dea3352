// Each step of the sign-up is a history entry (product.md SU-8): a step reached forwards is pushed, one reached
// backwards (Back, an Edit link, a checkout error) replaces the entry; the browser's Back and Forward ask the
// machine for the entry's step (step.visit), and an entry the machine refuses is rewritten to the step shown.
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigationType, type NavigationType } from "react-router";
import type { ActorRefFrom } from "xstate";
import { stepOf, type signupMachine } from "#machines/signup.machine";
import { recordEntryStep } from "./signup-session";

/** Keeps the history in step with the wizard; returns the wizard's Back. */
export function useStepHistory(actor: ActorRefFrom<typeof signupMachine>, step: number): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const entryStep = (location.state as { signupStep?: unknown } | null)?.signupStep;
  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  });
  const historyStep = useRef<number | null>(null);
  // The steps of this wizard's own entries, as far as this page knows them, and the index of the current one.
  const entries = useRef<number[]>([]);
  const entryIndex = useRef(0);
  // A layout effect: the step's entry exists before the step is painted, so a Back pressed as soon as the
  // step shows leaves that step (after paint, a quick Back raced the push and the browser stayed put).
  useLayoutEffect(() => {
    const here = locationRef.current;
    const write = (replace: boolean) => {
      if (replace) entries.current[entryIndex.current] = step;
      else {
        entries.current = [...entries.current.slice(0, entryIndex.current + 1), step];
        entryIndex.current = entries.current.length - 1;
      }
      const state = { ...(here.state as object | null), signupStep: step, signupIndex: entryIndex.current };
      navigate(".", { replace, state });
      historyStep.current = step;
    };
    if (historyStep.current === null) write(true);
    else if (step > historyStep.current) write(false);
    else if (step < historyStep.current) write(true);
  }, [navigate, step]);
  // Each entry's step, by its place in the tab's history: what Back reopens when the entry's state is lost (decision 025).
  useEffect(() => {
    if (typeof entryStep === "number") recordEntryStep(entryStep, navigationType === "PUSH");
  }, [entryStep, location.key, navigationType]);
  // The router's location updates are transitions: a step's push and a quick Back can reach this hook as one
  // render, the entry it was already on arrived at by a POP. So a move counts once per entry and way of arrival.
  const seen = useRef<{ key: string; type: NavigationType } | null>(null);
  useEffect(() => {
    // Only an entry the browser moved to counts (the page's first location is a POP too).
    const first = seen.current === null;
    if (seen.current?.key === location.key && seen.current.type === navigationType) return;
    seen.current = { key: location.key, type: navigationType };
    if (first || navigationType !== "POP" || historyStep.current === null) return;
    const target = typeof entryStep === "number" ? entryStep : 1;
    const index = (location.state as { signupIndex?: unknown } | null)?.signupIndex;
    entryIndex.current = typeof index === "number" ? index : 0;
    entries.current[entryIndex.current] = target;
    historyStep.current = target;
    if (target === stepOf(actor.getSnapshot())) return;
    actor.send({ type: "step.visit", step: target });
    const shown = stepOf(actor.getSnapshot());
    if (shown !== target) {
      const here = locationRef.current;
      entries.current[entryIndex.current] = shown;
      const state = { ...(here.state as object | null), signupStep: shown, signupIndex: entryIndex.current };
      navigate(".", { replace: true, state });
      historyStep.current = shown;
    }
  }, [actor, entryStep, navigate, navigationType, location.key, location.state]);
  /** The wizard's Back: the browser's own Back when the entry before holds the step before, else the machine's. */
  return () => {
    if (entryIndex.current > 0 && entries.current[entryIndex.current - 1] === step - 1) navigate(-1);
    else actor.send({ type: "step.back" });
  };
}
