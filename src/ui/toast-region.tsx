// react-aria's toast region over the app's queue (./toast): loaded and mounted with the first toast.
import { useEffect } from "react";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from "react-aria-components";
import { useLingui } from "@lingui/react/macro";
import { toastQueue, type ToastContentValue } from "./toast";
import { AriaLocale } from "./aria-locale";

const toasts = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 3 });

/** showToast's ids → react-aria's keys, for closeToast. */
const keys = new Map<number, string>();

function drain() {
  for (const { id, content, timeout } of toastQueue.take()) keys.set(id, toasts.add(content, { timeout }));
  for (const id of toastQueue.closing.splice(0)) {
    const key = keys.get(id);
    if (key) toasts.close(key);
    keys.delete(id);
  }
}

const variantClass: Record<NonNullable<ToastContentValue["variant"]>, string> = {
  default: "bg-brand-900 text-white",
  destructive: "bg-danger text-white",
  success: "bg-success text-white",
};

/**
 * A toast never covers the field that has the focus (on a short phone screen a validation toast listing every error
 * is most of the screen, and it shows as the focus moves to the first invalid field): while toasts show, the band
 * they take at the bottom is scroll padding, so the browser's own scrolling to a field (Tab, a tap, scrollIntoView)
 * stops above it; and whenever the toasts appear or change size, the focused field, with the texts that describe
 * it (its message), is scrolled up out from under them, not higher than the sticky header's bottom.
 */
function keepFocusClear(region: HTMLDivElement | null) {
  if (!region) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    const top = region.getBoundingClientRect().top;
    root.style.scrollPaddingBottom = `${Math.max(0, window.innerHeight - top)}px`;
    const field = document.activeElement;
    if (!field || field === document.body || region.contains(field)) return;
    const described = (field.getAttribute("aria-describedby") ?? "").split(" ").map((id) => (id ? document.getElementById(id) : null));
    const boxes = [field, ...described].flatMap((el) => (el ? [el.getBoundingClientRect()] : [])).filter((box) => box.height > 0);
    if (!boxes.length) return;
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const overlap = Math.max(...boxes.map((box) => box.bottom)) + 8 - top;
    const room = Math.min(...boxes.map((box) => box.top)) - Math.max(0, header) - 8;
    if (overlap > 0 && room > 0) window.scrollBy({ top: Math.min(overlap, room), behavior: "instant" });
  });
  observer.observe(region);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingBottom = "";
  };
}

export default function ToastRegion() {
  const { t } = useLingui();
  // The toasts shown while this module loaded, then every later one as it comes.
  useEffect(() => {
    drain();
    return toastQueue.subscribe(drain);
  }, []);
  return (
    <AriaLocale>
      {/* At most 40 % of the screen's height (it scrolls beyond), so a field and its message fit above it on a short screen. */}
      <AriaToastRegion
        ref={keepFocusClear}
        queue={toasts}
        aria-label={t`Notifications`}
        className="fixed bottom-4 right-4 z-50 flex max-h-[40vh] w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 overflow-y-auto outline-none"
      >
        {({ toast }) => (
          <Toast
            toast={toast}
            data-variant={toast.content.variant ?? "default"}
            className={`flex items-start gap-3 rounded-card px-4 py-3 shadow-card ${variantClass[toast.content.variant ?? "default"]}`}
          >
            <ToastContent className="flex min-w-0 flex-1 flex-col">
              <Text slot="title" className="font-semibold">{toast.content.title}</Text>
              {toast.content.description && <Text slot="description" className="text-sm">{toast.content.description}</Text>}
            </ToastContent>
            <Button slot="close" aria-label={t`Close`} className="-m-2.5 shrink-0 rounded-md p-3.5 hover:bg-white/20">
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 6l12 12M18 6L6 18" /></svg>
            </Button>
          </Toast>
        )}
      </AriaToastRegion>
    </AriaLocale>
  );
}
