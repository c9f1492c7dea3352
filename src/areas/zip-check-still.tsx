// The ZIP check as a page first paints it (home hero, /service-areas): plain HTML, no react-aria and no machine,
// so it costs the first load nothing. Before the live check (./zip-check) takes over, or without JavaScript,
// it simply opens /signup?zip=<zip>, where step 1 checks the ZIP.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { flushSync } from "react-dom";
import { useLingui } from "@lingui/react/macro";
import { useLanguage } from "../i18n/language-provider";
import { pathInLanguage } from "../i18n/languages";
import { buttonClass } from "../ui/link-button";
import { loadPageCatalogs } from "../i18n/catalogs";

// The live field's look (src/ui/text-field.tsx inputClass), without importing react-aria with it.
const inputClass =
  "w-full rounded-control border border-brand-200 bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

export function ZipCheckStill({ field }: { field?: RefObject<HTMLInputElement | null> }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  return (
    <form method="get" action={pathInLanguage("/signup", language)} aria-label={t`Check your ZIP code`} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <label className="flex flex-col gap-1.5 sm:w-48">
        <span className="text-sm font-medium text-ink">{t`ZIP code`}</span>
        <input ref={field} name="zip" inputMode="numeric" autoComplete="postal-code" enterKeyHint="go" maxLength={5} pattern="[0-9]{5}" className={inputClass} />
      </label>
      <button type="submit" className={`${buttonClass.primary} sm:mt-7`}>
        {t`Check my ZIP`}
      </button>
    </form>
  );
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The live check's code in steps, so that no one task runs it all: its libraries first, each import evaluated as
 * it arrives (the machine with XState and zod, the API client with the contract, react-aria's field and button),
 * then the check itself, then the swap in a task of its own. In one task they held a slow phone's main thread for
 * about 200 ms just after the load (docs/performance.md). The libraries are asked for together, so the check is
 * live no later than before.
 */
async function loadLiveZipCheck() {
  await Promise.all([import("#machines/zip-check.machine"), import("../api/client"), import("../ui/text-field"), import("../ui/button")]);
  await nextTask();
  return import("./zip-check");
}

/**
 * The still check, replaced by the live one once the page is interactive and its code has loaded. The live one
 * takes over what was typed into the still field meanwhile (before hydration too), and the keyboard's focus.
 */
export function ZipCheckSlot({ className = "" }: { className?: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState<ReactNode>();
  useEffect(() => {
    // Swapped only while the still check is on the page (not once the page is left, nor twice in StrictMode).
    // Should the code or its messages fail to load, the still check goes on working (no reload): it needs neither.
    Promise.all([loadLiveZipCheck(), loadPageCatalogs(["zip-check"], (load) => load())]).then(async ([code]) => {
      await nextTask();
      const still = field.current;
      // Read and swapped in one go (flushSync): no keystroke can land in the still field in between.
      if (still) flushSync(() => setLive(<code.default typed={still.value} focused={still === document.activeElement} />));
    }, () => {});
  }, []);
  return <div className={className}>{live ?? <ZipCheckStill field={field} />}</div>;
}
