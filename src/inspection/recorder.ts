// Records what the running machines do, for the support panel: each machine's state and context, and the
// events they received, masked. Turned on by ?support (kept for the tab) or a VITE_SUPPORT=1 build.
import type { AnyActorRef, InspectionEvent } from "xstate";
import { maskPageAddress, maskPersonalData } from "./masking";

export interface RecordedSession {
  sessionId: string;
  machineId: string;
  /** The first snapshot seen: replay starts from it. */
  initial: { value: unknown; context: unknown };
  value: unknown;
  context: unknown;
  status: string;
}

export interface RecordedEvent {
  seq: number;
  at: string;
  sessionId: string;
  machineId: string;
  event: { type: string; [key: string]: unknown };
}

export interface SupportLog {
  format: "freshfold-support-log";
  version: 1;
  exportedAt: string;
  /** The page's path and parameters, masked. */
  page: string;
  sessions: RecordedSession[];
  events: RecordedEvent[];
}

const isMachineActor = (ref: unknown): ref is AnyActorRef =>
  !!ref && typeof (ref as { logic?: { root?: unknown } }).logic?.root === "object";

const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null, (_k, v) => (typeof v === "function" || (v && typeof v === "object" && "send" in v && "getSnapshot" in v) ? undefined : v)));

export class SupportRecorder {
  readonly sessions = new Map<string, RecordedSession>();
  readonly events: RecordedEvent[] = [];
  private seq = 0;
  private listeners = new Set<() => void>();
  private version = 0;

  observe = (inspection: InspectionEvent) => {
    const ref = inspection.actorRef;
    if (!isMachineActor(ref)) return;
    const machineId = (ref as unknown as { logic: { id: string } }).logic.id;
    if (inspection.type === "@xstate.snapshot") {
      const snapshot = inspection.snapshot as { value?: unknown; context?: unknown; status?: string };
      const masked = { value: plain(snapshot.value), context: maskPersonalData(plain(snapshot.context)) };
      const existing = this.sessions.get(ref.sessionId);
      this.sessions.set(ref.sessionId, {
        sessionId: ref.sessionId,
        machineId,
        initial: existing?.initial ?? masked,
        ...masked,
        status: snapshot.status ?? "active",
      });
      this.changed();
    } else if (inspection.type === "@xstate.event" && inspection.event.type !== "xstate.init") {
      const event = maskPersonalData(plain(inspection.event)) as RecordedEvent["event"];
      this.events.push({ seq: ++this.seq, at: new Date().toISOString(), sessionId: ref.sessionId, machineId, event });
      if (this.events.length > 2000) this.events.shift();
      this.changed();
    }
  };

  /** The log to export; `page` is the address as the browser has it (its ?email=, ?token= and ?session_id= get masked). */
  toLog(page: string): SupportLog {
    return { format: "freshfold-support-log", version: 1, exportedAt: new Date().toISOString(), page: maskPageAddress(page), sessions: [...this.sessions.values()], events: [...this.events] };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  private changed() {
    this.version++;
    this.listeners.forEach((l) => l());
  }
}

export const supportRecorder = new SupportRecorder();
