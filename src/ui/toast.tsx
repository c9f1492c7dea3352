// The app's toasts. Views call `showToast` at any time; the region (react-aria's, in ./toast-region) is
// downloaded with the first toast (or ahead, on a page where a call can fail) and mounted with it, so no page
// pays for it on its first load.
import { createElement, useSyncExternalStore } from "react";

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
const notify = () => {
  for (const listener of [...toastQueue.listeners]) listener();
};

/** Shows a toast; answers its id, for closeToast. */
export function showToast(content: ToastContentValue, timeout = 6000): number {
  const id = ++lastId;
  toastQueue.pending.push({ id, content, timeout });
  toastQueue.requested = true;
  notify();
  // The region's code, if it is not here yet. When it fails to download (a dropped connection), the toast waits
  // in the queue: the next toast asks for the code again, and so does the browser coming back online.
  loadToastRegion().catch(() => window.addEventListener("online", () => loadToastRegion().catch(() => {}), { once: true }));
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
  notify();
}

type Region = React.ComponentType;
let region: Region | undefined;
let loading: Promise<Region> | undefined;

/**
 * Downloads the region's code: once, and again after a failure. Pages where a call can fail load it ahead when
 * idle (./use-toasts-ahead), so a failure's toast never waits for a download the same lost connection would stop.
 */
export function loadToastRegion(): Promise<Region> {
  return (loading ??= import("./toast-region").then(
    (module) => {
      region = module.default;
      notify();
      return region;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

const ready = () => toastQueue.requested && !!region;
const notYet = () => false;

/** Mounts react-aria's toast region once the first toast is shown and its code is here (nothing on the server). */
export function ToastRegion() {
  return useSyncExternalStore(toastQueue.subscribe, ready, notYet) && region ? createElement(region) : null;
}
