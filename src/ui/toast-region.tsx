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

export default function ToastRegion() {
  const { t } = useLingui();
  // The toasts shown while this module loaded, then every later one as it comes.
  useEffect(() => {
    drain();
    return toastQueue.subscribe(drain);
  }, []);
  return (
    <AriaLocale>
      <AriaToastRegion queue={toasts} aria-label={t`Notifications`} className="fixed bottom-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none">
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
