import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Where each history entry was scrolled to when the visitor left it (by the router's entry key). */
const positions = new Map<string, number>();

/**
 * A new page opens at its top (or at its #anchor); going back or forward returns to where that page was
 * scrolled. What the data router's <ScrollRestoration> did, for the declarative router.
 */
export function ScrollOnNavigation() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  useLayoutEffect(() => {
    if (type === "POP") {
      const saved = positions.get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [key, type, hash]);
  return null;
}
