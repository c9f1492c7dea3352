import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while pre-rendering and while the browser hydrates the pre-rendered page, true from then on: what
 * depends on the visitor's browser (its preferences, its clock) renders after hydration, never in it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
