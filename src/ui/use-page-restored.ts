import { useEffect, useRef } from "react";

/**
 * Calls `onRestored` when the browser shows the page again from its back-forward cache: Back after the page left for
 * a hosted page (the checkout, the billing portal). The page then comes back exactly as it was left, still "leaving",
 * and no load or effect runs again. While `active` is false nothing is listened to.
 */
export function usePageRestored(onRestored: () => void, active = true) {
  const latest = useRef(onRestored);
  useEffect(() => {
    latest.current = onRestored;
  });
  useEffect(() => {
    if (!active) return;
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [active]);
}
