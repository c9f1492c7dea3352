import { createContext, useContext, useEffect } from "react";
import { UNSAFE_LocationContext } from "react-router";
import { useLingui } from "@lingui/react";
import type { PageHead } from "./head-tags";
import { fullTitle } from "./title";
import type { Language } from "../i18n/languages";
import { loadPageCode } from "../loading/stale-build";

// A pre-rendered page holds its first paint until the end of its first screen's text has been parsed: its head
// names that element in a render-blocking `<link rel="expect">` (FIRST_SCREEN_ENDS, src/entry-server.tsx). On a slow
// phone the parser otherwise stops every few kilobytes for a frame, and the header was painted a frame or two before
// the lead, the page's largest text (docs/performance.md).

/** The id of a page's lead: the paragraph under its one heading. */
export const PAGE_LEAD_ID = "page-lead";


/** Set only while pre-rendering: the page's head is collected here and written into its HTML. */
export const HeadCollector = createContext<((head: PageHead) => void) | null>(null);

/** The page (as the router sees it) whose head the document holds: at first, the pre-rendered page's. */
let shownPath: string | undefined;

/**
 * A route's title, description and structured data in the active language. Pre-rendered into the page's
 * HTML at build time (with its canonical address, hreflang alternates, Open Graph tags and JSON-LD); in the
 * browser, brought up to date (./head-update, loaded then) when the visitor moves to another page.
 */
export function PageMeta(head: PageHead) {
  useContext(HeadCollector)?.(head);
  const path = useContext(UNSAFE_LocationContext)?.location?.pathname;
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { title, description, noindex, structuredData } = head;
  const data = structuredData && JSON.stringify(structuredData);

  useEffect(() => {
    if (path === undefined) return;
    shownPath ??= path;
    // The pre-rendered head already describes this page.
    const described = document.head.querySelector('meta[name="description"]')?.getAttribute("content");
    if (path === shownPath && document.title === fullTitle(title) && described === description) return;
    shownPath = path;
    void loadPageCode(() => import("./head-update")).then(
      ({ updateHead }) => updateHead({ title, description, noindex, structuredData: data && JSON.parse(data) }, { path, language }),
      () => (document.title = fullTitle(title)),
    );
  }, [title, description, noindex, data, path, language]);
  return null;
}
