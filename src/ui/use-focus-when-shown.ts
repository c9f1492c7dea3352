import { useEffect, useRef } from "react";

/**
 * Focuses the element the ref is given to each time `shown` turns true (a machine entering its success state),
 * once it is rendered. A form's confirmation takes the focus so keyboard and screen-reader users land on it:
 * otherwise the focus falls to the document's body when the button pressed is disabled or replaced, and they
 * start again from the top of the page. The element is not a control: it takes tabIndex={-1}.
 */
export function useFocusWhenShown<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
