// Pages where a call can fail load the toasts' code ahead, once the browser is idle after they mounted: the
// failure's toast then never waits for a download that the same lost connection would stop (./toast). Not the
// home page: its first load has no room for it, and it shows no toast of its own.
import { useEffect } from "react";
import { loadToastRegion } from "./toast";

export function useToastsAhead() {
  useEffect(() => {
    // A failed download is asked for again with the first toast (./toast).
    const load = () => void loadToastRegion().catch(() => {});
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(load, 200);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(load);
    return () => window.cancelIdleCallback(idle);
  }, []);
}
