// Replays a recorded support log against fake actors: the actors' outcomes come from the log itself, timers
// never fire (delays are in the log as events), and no real call is made.
import { createActor, fromCallback, type AnyActorRef, type AnyStateMachine } from "xstate";
import type { RecordedEvent, RecordedSession } from "../inspection/recorder";

const silentClock = { setTimeout: () => 0, clearTimeout: () => {} };

export interface Replay {
  readonly machineId: string;
  readonly total: number;
  readonly position: number;
  value(): unknown;
  context(): unknown;
  /** The snapshots so far: the recorded start, then one after each replayed event. */
  trail(): { value: unknown; context: unknown }[];
  step(): boolean;
  toEnd(): void;
  stop(): void;
}

export function sessionEvents(events: RecordedEvent[], sessionId: string): RecordedEvent[] {
  return events.filter((e) => e.sessionId === sessionId).sort((a, b) => a.seq - b.seq);
}

export function createReplay(machine: AnyStateMachine, session: RecordedSession, events: RecordedEvent[]): Replay {
  const fakes = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((name) => [name, fromCallback(() => () => {})]));
  const logic = machine.provide({ actors: fakes });
  const snapshot = logic.resolveState({ value: session.initial.value as never, context: session.initial.context as never });
  const actor: AnyActorRef = createActor(logic, { snapshot, clock: silentClock });
  actor.start();
  const own = sessionEvents(events, session.sessionId);
  let position = 0;
  const seen = () => ({ value: actor.getSnapshot().value, context: actor.getSnapshot().context });
  const trail = [seen()];
  return {
    machineId: session.machineId,
    total: own.length,
    get position() {
      return position;
    },
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    trail: () => [...trail],
    step() {
      const next = own[position];
      if (!next) return false;
      actor.send(next.event);
      position++;
      trail.push(seen());
      return true;
    },
    toEnd() {
      while (this.step()) {
        // each step sends one recorded event
      }
    },
    stop: () => actor.stop(),
  };
}

/** Whether two state values are the same (order of keys ignored). */
export function sameStateValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown =>
    v && typeof v === "object" ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)).map(([k, w]) => [k, norm(w)])) : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** A state value as dotted paths: { step1: { email: "free" } } → "step1.email.free". */
export function describeStateValue(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix + value];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => describeStateValue(v, `${prefix}${k}.`));
  return [prefix.replace(/\.$/, "")];
}
