// The support panel (?support): each running machine's state and masked context, the event log, export
// of that log as JSON, and step-by-step replay of an imported log against fake actors.
import { useRef, useState, useSyncExternalStore } from "react";
import { useLingui } from "@lingui/react/macro";
import { supportRecorder, type SupportLog } from "../inspection/recorder";
import { findMachine } from "./machines";
import { createReplay, describeStateValue, sameStateValue, sessionEvents, type Replay } from "./replay";
import { summaryLine } from "./summary";

const panelButton =
  "rounded-md border border-brand-200 bg-white px-2.5 py-1.5 text-xs font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50";

function isSupportLog(value: unknown): value is SupportLog {
  const log = value as SupportLog;
  return !!log && log.format === "freshfold-support-log" && Array.isArray(log.sessions) && Array.isArray(log.events);
}

export default function SupportPanel() {
  const { t, i18n } = useLingui();
  // Starts folded so it never covers the page the customer was on; staff unfold it.
  const [open, setOpen] = useState(false);
  useSyncExternalStore(supportRecorder.subscribe, supportRecorder.getVersion, supportRecorder.getVersion);
  const sessions = [...supportRecorder.sessions.values()];
  const recent = supportRecorder.events.slice(-30).reverse();

  const exportLog = () => {
    const log = supportRecorder.toLog(window.location.pathname + window.location.search);
    const url = URL.createObjectURL(new Blob([JSON.stringify(log, null, 2)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `support-log-${log.exportedAt.replace(/[:.]/g, "-")}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <aside
      aria-label={t`Support panel`}
      className="fixed bottom-4 left-4 z-50 flex max-h-[80vh] w-[min(28rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-card border border-brand-200 bg-white text-sm shadow-card"
    >
      <div className="flex items-center justify-between gap-2 border-b border-brand-100 bg-brand-50 px-3 py-2">
        <h2 className="font-display text-sm font-bold text-brand-900">{t`Support`}</h2>
        <div className="flex gap-2">
          <button type="button" className={panelButton} onClick={exportLog}>{t`Export log`}</button>
          <button type="button" className={panelButton} aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t`Hide` : t`Show`}
          </button>
        </div>
      </div>
      {open && (
        <div className="flex flex-col gap-4 overflow-y-auto p-3">
          <section aria-labelledby="support-machines">
            <h3 id="support-machines" className="font-semibold text-ink">{t`Running machines`}</h3>
            {sessions.length === 0 && <p className="text-muted">{t`No machine has started on this page yet.`}</p>}
            <ul className="mt-1 space-y-2">
              {sessions.map((s) => (
                <li key={s.sessionId} className="rounded-md border border-brand-100 p-2">
                  <p className="text-sm text-ink" data-testid={`support-summary-${s.machineId}`}>{summaryLine(i18n, s.machineId, s.value, s.context)}</p>
                  <p className="mt-1 font-mono text-xs text-muted">
                    <span className="font-semibold">{s.machineId}</span> · <span data-testid={`support-state-${s.machineId}`}>{describeStateValue(s.value).join(", ")}</span>
                  </p>
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-muted">{t`Context (personal data masked)`}</summary>
                    <pre className="mt-1 whitespace-pre-wrap break-all text-xs">{JSON.stringify(s.context, null, 2)}</pre>
                  </details>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="support-events">
            <h3 id="support-events" className="font-semibold text-ink">{t`Event log`} ({supportRecorder.events.length})</h3>
            {/* A scrollable region must be reachable by keyboard. */}
            {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
            <div tabIndex={0} role="region" aria-label={t`Recent events`} className="mt-1 max-h-40 overflow-auto">
              <ol className="space-y-0.5 font-mono text-xs">
                {recent.map((e) => (
                  <li key={e.seq}>#{e.seq} {e.machineId}: {e.event.type}</li>
                ))}
              </ol>
            </div>
          </section>
          <ReplaySection />
        </div>
      )}
    </aside>
  );
}

function ReplaySection() {
  const { t, i18n } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const [log, setLog] = useState<SupportLog | null>(null);
  const [sessionId, setSessionId] = useState("");
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState("");
  const [, setTick] = useState(0);
  const refresh = () => setTick((n) => n + 1);

  const startReplay = async (nextLog: SupportLog, id: string) => {
    replay?.stop();
    setReplay(null);
    const session = nextLog.sessions.find((s) => s.sessionId === id);
    if (!session) return;
    const machine = await findMachine(session.machineId);
    if (!machine) {
      setError(t`This log names a machine the site does not have: ${session.machineId}`);
      return;
    }
    setError("");
    setReplay(createReplay(machine, session, nextLog.events));
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const parsed: unknown = JSON.parse(await file.text());
      if (!isSupportLog(parsed)) throw new Error("not a support log");
      const withEvents = parsed.sessions.filter((s) => sessionEvents(parsed.events, s.sessionId).length > 0);
      const first = (withEvents[0] ?? parsed.sessions[0])?.sessionId ?? "";
      setLog(parsed);
      setSessionId(first);
      await startReplay(parsed, first);
    } catch {
      setLog(null);
      setError(t`That file is not a support log exported from this site.`);
    }
  };

  const session = log?.sessions.find((s) => s.sessionId === sessionId);
  // The plain line after each replayed event, each change once.
  const replayLines = (replay?.trail() ?? [])
    .map((snapshot) => summaryLine(i18n, replay!.machineId, snapshot.value, snapshot.context))
    .filter((line, index, lines) => index === 0 || line !== lines[index - 1]);
  const matches = replay && session && replay.position === replay.total ? sameStateValue(replay.value(), session.value) : undefined;

  return (
    <section aria-labelledby="support-replay">
      <h3 id="support-replay" className="font-semibold text-ink">{t`Replay a log`}</h3>
      <label className="mt-1 flex flex-col gap-1 text-xs">
        {t`Support log file (JSON)`}
        <input ref={fileInput} type="file" accept="application/json,.json" onChange={(e) => void onFile(e.target.files?.[0])} className="text-xs" />
      </label>
      {error && <p role="alert" className="mt-1 text-xs font-medium text-danger">{error}</p>}
      {log && (
        <div className="mt-2 space-y-2">
          <label className="flex flex-col gap-1 text-xs">
            {t`Machine to replay`}
            <select
              value={sessionId}
              onChange={(e) => {
                setSessionId(e.target.value);
                void startReplay(log, e.target.value);
              }}
              className="rounded-md border border-brand-200 px-2 py-1"
            >
              {log.sessions.map((s) => (
                <option key={s.sessionId} value={s.sessionId}>
                  {s.machineId} ({sessionEvents(log.events, s.sessionId).length})
                </option>
              ))}
            </select>
          </label>
          {replay && (
            <>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={panelButton} disabled={replay.position >= replay.total} onClick={() => { replay.step(); refresh(); }}>
                  {t`Step`}
                </button>
                <button type="button" className={panelButton} disabled={replay.position >= replay.total} onClick={() => { replay.toEnd(); refresh(); }}>
                  {t`Play to the end`}
                </button>
                <button type="button" className={panelButton} onClick={() => void startReplay(log, sessionId)}>
                  {t`Start over`}
                </button>
              </div>
              <p className="text-xs" aria-live="polite">
                {t`Event ${replay.position} of ${replay.total}`}
                {replay.position > 0 && <> · {sessionEvents(log.events, sessionId)[replay.position - 1]?.event.type}</>}
              </p>
              <p className="text-sm text-ink">
                {t`Replayed`}: <span data-testid="support-replay-summary">{summaryLine(i18n, replay.machineId, replay.value(), replay.context())}</span>
              </p>
              {replayLines.length > 0 && (
                <ol aria-label={t`Replayed steps`} className="list-decimal space-y-0.5 pl-5 text-xs">
                  {replayLines.map((line, index) => <li key={index}>{line}</li>)}
                </ol>
              )}
              <p className="font-mono text-xs">
                {t`Replayed state`}: <span data-testid="support-replay-state">{describeStateValue(replay.value()).join(", ")}</span>
              </p>
              {session && (
                <p className="font-mono text-xs">
                  {t`Recorded state`}: <span data-testid="support-recorded-state">{describeStateValue(session.value).join(", ")}</span>
                </p>
              )}
              {matches !== undefined && (
                <p role="status" className={`text-xs font-semibold ${matches ? "text-success" : "text-danger"}`}>
                  {matches ? t`The replay reached the recorded state.` : t`The replay ended in a different state from the recording.`}
                </p>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
