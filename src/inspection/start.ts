// Browser-only: switches on the observers asked for by the address bar, the build or the browser suite.
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
  // The Stately inspector sends machine state to an outside service: development builds or VITE_INSPECT=1 only.
  if ((import.meta.env.DEV || import.meta.env.VITE_INSPECT === "1") && new URLSearchParams(window.location.search).has("inspect")) {
    const { createBrowserInspector } = await import("@statelyai/inspect");
    const inspector = createBrowserInspector();
    addInspectionObserver((event) => inspector.inspect.next?.(event));
  }
  return { support };
}
