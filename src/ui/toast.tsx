// The app's toasts. Views call `showToast` at any time; the region (react-aria's, in ./toast-region) is
// downloaded and mounted with the first toast, so no page pays for it on its first load.
import { lazy, Suspense, useSyncExternalStore } from "react";

export interface ToastContentValue {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
}

export interface PendingToast {
  /** What showToast answered, for closeToast. */
  id: number;
  content: ToastContentValue;
  timeout: number;
}

type Listener = () => void;

/**
 * A tiny queue in front of the region: toasts shown before the region is up wait here; the region takes
 * them (and every later one) through `subscribe` + `take`.
 */
export const toastQueue = {
  pending: [] as PendingToast[],
  /** Toasts to close that the region already shows (closeToast). */
  closing: [] as number[],
  requested: false,
  listeners: new Set<Listener>(),
  subscribe(listener: Listener): () => void {
    toastQueue.listeners.add(listener);
    return () => toastQueue.listeners.delete(listener);
  },
  /** Hands the waiting toasts to the region, oldest first, and empties the queue. */
  take(): PendingToast[] {
    return toastQueue.pending.splice(0);
  },
};

let lastId = 0;

/** Shows a toast; answers its id, for closeToast. */
export function showToast(content: ToastContentValue, timeout = 6000): number {
  const id = ++lastId;
  toastQueue.pending.push({ id, content, timeout });
  toastQueue.requested = true;
  for (const listener of [...toastQueue.listeners]) listener();
  return id;
}

/** Closes a toast showToast answered (one still waiting for the region is simply dropped). */
export function closeToast(id: number): void {
  const waiting = toastQueue.pending.findIndex((toast) => toast.id === id);
  if (waiting >= 0) {
    toastQueue.pending.splice(waiting, 1);
    return;
  }
  toastQueue.closing.push(id);
  for (const listener of [...toastQueue.listeners]) listener();
}

// A region that fails to load (a dropped connection) loses its toasts rather than the page around it.
const LiveRegion = lazy(
  (): Promise<{ default: React.ComponentType }> => import("./toast-region").catch(() => ({ default: () => null })),
);
const requested = () => toastQueue.requested;
const notYet = () => false;

/** Mounts react-aria's toast region once the first toast is shown (nothing before, nothing on the server). */
export function ToastRegion() {
  const wanted = useSyncExternalStore(toastQueue.subscribe, requested, notYet);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LiveRegion />
    </Suspense>
  );
}
