import { useCallback, useEffect, useRef, type FocusEvent } from "react";

/**
 * Keeps the keyboard's place through a form's busy spell. The button pressed (or the field Enter was pressed in) is
 * disabled while the form sends, and the browser then moves the focus to the document's body: after a failure,
 * keyboard and screen-reader users would start again from the top of the page. Give the handler returned to the
 * form's (or its fields' box's) onFocus; once `busy` is over, if the focus is still nowhere, it goes back to the
 * element inside that had it last, enabled again. A success that shows something else focuses that itself
 * (./use-focus-when-shown) and is left alone.
 */
export function useFocusKeptWhileBusy(busy: boolean): (event: FocusEvent) => void {
  const focused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const element = focused.current;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (element && lost && element.isConnected && !element.matches(":disabled")) element.focus({ preventScroll: true });
  }, [busy]);
  return useCallback((event: FocusEvent) => {
    if (event.target instanceof HTMLElement) focused.current = event.target;
  }, []);
}
