// The one inspection hook every machine's actor is created with; observers (the support recorder, the
// Stately inspector, the browser suite's coverage recorder) attach only when switched on.
import type { InspectionEvent } from "xstate";

export type InspectionObserver = (event: InspectionEvent) => void;

const observers = new Set<InspectionObserver>();

export function addInspectionObserver(observer: InspectionObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Give this as the `inspect` option when creating a machine's actor (createActorContext Provider, useActorRef). */
export function inspect(event: InspectionEvent): void {
  for (const observer of observers) observer(event);
}
