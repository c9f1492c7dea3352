import { useEffect } from "react";
import { useLocation } from "react-router";

/** The page whose heading had (or was skipped for) the focus last: the tab's one router, so one per module. */
let shownPath: string | undefined;

/**
 * After a move to another page inside the app, the focus goes to the new page's heading (the main landmark when
 * it has no h1), as a page load starts a screen reader at the new page. Otherwise the focus stays on the link
 * followed, or falls to the document's body when that link went away (the phone menu closes on navigation):
 * keyboard and screen-reader users lose their place and hear nothing of the new page. Rendered beside the page
 * inside its <Suspense>, so it runs once the new page is on screen, not while its code loads. Not on a page's
 * first load, nor when only the query, the #anchor or the history state changes (the sign-up's steps focus their
 * own heading). The focus never scrolls: ScrollOnNavigation does (to an #anchor too).
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The first page shown starts the record; a later mount (after a page's error) still sees a move.
    const moved = shownPath !== undefined && shownPath !== pathname;
    shownPath = pathname;
    const main = document.getElementById("main");
    if (!moved || !main) return;
    const target = main.querySelector("h1") ?? main;
    // A heading is not a control: focusable by script only, and out of the Tab order.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
