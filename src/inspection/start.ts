// Browser-only: switches on the observers asked for by the address bar, the build or the browser suite.
import type { StatelyInspectionEvent } from "@statelyai/inspect";
import type { AnyEventObject, MachineContext } from "xstate";
import { addInspectionObserver } from "./inspect";

const SUPPORT_KEY = "support:enabled";

export function supportRequested(): boolean {
  const params = new URLSearchParams(window.location.search);
  try {
    if (params.has("support")) window.sessionStorage.setItem(SUPPORT_KEY, params.get("support") === "off" ? "0" : "1");
    if (import.meta.env.VITE_SUPPORT === "1") return window.sessionStorage.getItem(SUPPORT_KEY) !== "0";
    return window.sessionStorage.getItem(SUPPORT_KEY) === "1";
  } catch {
    return params.has("support");
  }
}

export async function startInspection(): Promise<{ support: boolean }> {
  const support = supportRequested();
  if (support) {
    const { supportRecorder } = await import("./recorder");
    addInspectionObserver(supportRecorder.observe);
  }
  // The browser suite records which states the real machines reach (e2e/fixtures.ts sets the flag).
  if (window.localStorage.getItem("e2e:machine-coverage") === "1") {
    const { recordCoverage } = await import("./coverage");
    addInspectionObserver(recordCoverage);
  }
  // The Stately inspector sends machine state to an outside service, masked: development builds or VITE_INSPECT=1 only.
  if ((import.meta.env.DEV || import.meta.env.VITE_INSPECT === "1") && new URLSearchParams(window.location.search).has("inspect")) {
    const [{ createBrowserInspector }, options] = await Promise.all([import("@statelyai/inspect"), inspectorOptions()]);
    const inspector = createBrowserInspector(options);
    addInspectionObserver((event) => inspector.inspect.next?.(event));
  }
  return { support };
}

/**
 * The Stately inspector's options: what it sends to the outside service is masked as the support log is
 * (./masking.ts). Its sanitizers reach each machine's context and the events; an invoked call's snapshot carries its
 * input (the sign-up's whole client and form, an e-mail, a token), answer and error beside them, which the serializer
 * masks. It stands in for the inspector's own serializer, so it also makes the event plain JSON for postMessage, and
 * may run twice on one event (masking a masked copy changes nothing).
 */
export async function inspectorOptions() {
  const { maskPersonalData } = await import("./masking");
  return {
    sanitizeContext: (context: MachineContext) => maskPersonalData(context) as MachineContext,
    sanitizeEvent: (event: AnyEventObject) => maskPersonalData(event) as AnyEventObject,
    serialize: (event: StatelyInspectionEvent): StatelyInspectionEvent => {
      const plain = JSON.parse(JSON.stringify(event, withoutCycles()) ?? "null") as StatelyInspectionEvent & { snapshot?: Record<string, unknown> };
      const snapshot = plain?.snapshot;
      if (snapshot && typeof snapshot === "object") {
        for (const part of ["input", "output", "error"]) if (part in snapshot) snapshot[part] = maskPersonalData(snapshot[part], part);
      }
      return plain;
    },
  };
}

/** A JSON.stringify replacer that writes a reference back to an enclosing object as "[Circular]", as the inspector's own does. */
function withoutCycles() {
  const ancestors: unknown[] = [];
  return function (this: unknown, _key: string, value: unknown) {
    if (typeof value !== "object" || value === null) return value;
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(value)) return "[Circular]";
    ancestors.push(value);
    return value;
  };
}
