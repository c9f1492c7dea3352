import type { ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * Wraps a pre-rendered form whose fields only React reads (no native action): its fields and buttons stay
 * disabled until the page has hydrated, since hydration resets a controlled field to its state and what a
 * visitor typed before then would be lost (and a press would submit the bare form). Its links work meanwhile.
 * A plain block, so wrapping a form moves nothing.
 */
export function HydratedFieldset({ className = "", children }: { className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className={`min-w-0 ${className}`}>
      {children}
    </fieldset>
  );
}
