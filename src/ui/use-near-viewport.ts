import { startTransition, useCallback, useState } from "react";

/**
 * False until the element given to the returned ref comes within a screen's height of the viewport, true from then
 * on: for code a visitor needs only once there (a carousel, an accordion further down the page), so that a phone that
 * never scrolls there never downloads or runs it. It turns true in a transition: inside a Suspense boundary that
 * already shows a still copy, that copy stays (the same elements, a focused button keeping the focus) until the
 * code it waits for has loaded.
 */
export function useNearViewport(): [(element: Element | null) => () => void, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback((element: Element | null) => {
    // One element observed, until it has come near: nothing changes after that.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: "100%" },
    );
    // React 19 calls a ref that returns a cleanup with the element only, and the cleanup when it goes.
    observer.observe(element!);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}
