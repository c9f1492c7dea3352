// Model-based testing helpers: the machine's own states and transitions, and what a set of paths covers.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createActor, fromPromise, type AnyStateMachine, type AnyStateNode, type EventFromLogic, type EventObject, type AnyActorLogic } from "xstate";
import { getShortestPaths, getStateNodes, type StatePath } from "xstate/graph";

export interface TransitionInfo {
  key: string;
  source: string;
  event: string;
  targets: string[];
  guard?: string;
}

/** Every state node of the machine, by id (the root excluded). */
export function machineStateIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

function transitionKey(sourceId: string, event: string, index: number) {
  return `${sourceId} --${event || "(always)"}#${index}`;
}

const guardName = (guard: unknown): string | undefined =>
  typeof guard === "string" ? guard : (guard as { type?: string } | undefined)?.type;

/** Every transition of the machine: each candidate of each event of each state node, eventless ones included. */
export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  const result: TransitionInfo[] = [];
  for (const node of nodes) {
    for (const [event, candidates] of node.transitions) {
      candidates.forEach((t, i) =>
        result.push({ key: transitionKey(node.id, event, i), source: node.id, event, targets: (t.target ?? []).map((n) => n.id), guard: guardName(t.guard) }),
      );
    }
    (node.always ?? []).forEach((t, i) =>
      result.push({ key: transitionKey(node.id, "", i), source: node.id, event: "(always)", targets: (t.target ?? []).map((n) => n.id), guard: guardName(t.guard) }),
    );
  }
  return result;
}

/** The event an invoked actor sends its parent when it finishes: the walk sends it by hand, as the actor never settles. */
export const actorDone = (id: string, output?: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;

/** The event an invoked actor sends its parent when it fails (by default with `new Error("<id> failed")`). */
export const actorError = (id: string, error: unknown = new Error(`${id} failed`)): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

/**
 * The outcomes the walk sends for the machine's invoked actors: for each actor id, a done event per output listed,
 * then its error events (by default one, `actorError(id)`).
 */
export function actorOutcomes(outputs: Record<string, unknown[]>, errors: Record<string, unknown[]> = {}): EventObject[] {
  return Object.entries(outputs).flatMap(([id, results]) => [
    ...results.map((output) => actorDone(id, output)),
    ...(errors[id]?.map((error) => actorError(id, error)) ?? [actorError(id)]),
  ]);
}

/** Machine-level coverage of a list of event sequences, measured by replaying them in a real actor. */
export interface Coverage {
  paths: number;
  states: Set<string>;
  transitions: Set<string>;
}

type Snapshotish = { _nodes?: AnyStateNode[] };

/**
 * Replays each event sequence in an actor whose invoked actors never settle (their outcomes are given as
 * events), recording the state nodes entered and the transitions taken.
 */
export function replayCoverage(machine: AnyStateMachine, sequences: EventObject[][], input?: unknown): Coverage {
  const stubs = Object.fromEntries(
    Object.keys(machine.implementations.actors ?? {}).map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]),
  );
  const logic = machine.provide({ actors: stubs });
  const coverage: Coverage = { paths: sequences.length, states: new Set(), transitions: new Set() };
  for (const events of sequences) {
    // The root actor is recognised by its session id: an eventless transition out of the initial state is
    // inspected while createActor is still running, before `actor` is assigned.
    const actor = createActor(logic, {
      input: input as never,
      inspect: (inspection) => {
        if (inspection.type === "@xstate.microstep" && inspection.actorRef.sessionId === inspection.rootId) {
          // Microstep snapshots include transient states that an eventless transition leaves at once.
          for (const node of (inspection.snapshot as Snapshotish)._nodes ?? []) coverage.states.add(node.id);
          const taken = (inspection as unknown as { _transitions: Array<{ source: AnyStateNode; eventType: string }> })._transitions;
          for (const t of taken) {
            // A transition's source was active, even a transient initial state no snapshot shows.
            coverage.states.add(t.source.id);
            const candidates = t.eventType ? t.source.transitions.get(t.eventType) ?? [] : t.source.always ?? [];
            const index = candidates.indexOf(t as never);
            coverage.transitions.add(transitionKey(t.source.id, t.eventType ?? "", index < 0 ? 0 : index));
          }
        }
        if (inspection.type === "@xstate.snapshot" && inspection.actorRef.sessionId === inspection.rootId) {
          for (const node of (inspection.snapshot as Snapshotish)._nodes ?? []) coverage.states.add(node.id);
        }
      },
    });
    actor.start();
    for (const event of events) actor.send(event);
    actor.stop();
  }
  coverage.states.delete(machine.root.id);
  return coverage;
}

export { getShortestPaths };

/**
 * A line for the test log: how many paths, states and transitions were covered, against the machine's own
 * totals. Also written to test-results/machine-paths/ for `npm run test:paths`.
 */
export function describeCoverage(name: string, machine: AnyStateMachine, coverage: Coverage): string {
  const states = machineStateIds(machine);
  const transitions = machineTransitions(machine);
  const coveredStates = states.filter((s) => coverage.states.has(s));
  const coveredTransitions = transitions.filter((t) => coverage.transitions.has(t.key));
  const dir = path.resolve(import.meta.dirname, "../../../test-results/machine-paths");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${machine.id}.json`),
    JSON.stringify({
      name,
      machine: machine.id,
      paths: coverage.paths,
      allStateIds: states,
      states: { covered: coveredStates.length, total: states.length, missing: states.filter((s) => !coverage.states.has(s)) },
      transitions: { covered: coveredTransitions.length, total: transitions.length, missing: transitions.filter((t) => !coverage.transitions.has(t.key)).map((t) => t.key) },
    }, null, 2),
  );
  return `${name}: ${coverage.paths} paths, ${coveredStates.length}/${states.length} states, ${coveredTransitions.length}/${transitions.length} transitions`;
}

export function uncovered(machine: AnyStateMachine, coverage: Coverage) {
  return {
    states: machineStateIds(machine).filter((s) => !coverage.states.has(s)),
    transitions: machineTransitions(machine).filter((t) => !coverage.transitions.has(t.key)).map((t) => t.key),
  };
}

type PathLike = { state: unknown; steps: Array<{ event: EventObject }> };

/** The events of a path from xstate/graph, without the initial xstate.init. */
export const pathEvents = (path: PathLike): EventObject[] => path.steps.map((s) => s.event).filter((e) => e.type !== "xstate.init");

/**
 * Shortest paths reach every state but not every transition: for each transition they miss, find the
 * shortest path ending where its source is active and append one of its events, keeping what covers it.
 */
export function sequencesCoveringAllTransitions(
  machine: AnyStateMachine,
  paths: PathLike[],
  eventsOfType: (type: string) => EventObject[],
  input?: unknown,
): EventObject[][] {
  const sequences = paths.map(pathEvents);
  const covered = replayCoverage(machine, sequences, input).transitions;
  const byLength = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  for (const transition of machineTransitions(machine)) {
    if (covered.has(transition.key) || transition.event === "(always)") continue;
    search: for (const path of byLength) {
      const active = ((path.state as Snapshotish)._nodes ?? []).map((n) => n.id);
      if (!active.includes(transition.source)) continue;
      for (const event of eventsOfType(transition.event)) {
        const candidate = [...pathEvents(path), event];
        const result = replayCoverage(machine, [candidate], input);
        if (result.transitions.has(transition.key)) {
          sequences.push(candidate);
          result.transitions.forEach((key) => covered.add(key));
          break search;
        }
      }
    }
  }
  return sequences;
}

/** Adds one coverage to another (paths counted, states and transitions united). */
export function mergeCoverage(into: Coverage, from: Coverage): Coverage {
  into.paths += from.paths;
  from.states.forEach((id) => into.states.add(id));
  from.transitions.forEach((key) => into.transitions.add(key));
  return into;
}

type PathOf<TMachine extends AnyStateMachine> = StatePath<ReturnType<TMachine["transition"]>, EventFromLogic<TMachine>>;

export interface ModelRun<TMachine extends AnyStateMachine> {
  name: string;
  input: unknown;
  /** The shortest path to every reachable state: check invariants on `path.state`. */
  paths: PathOf<TMachine>[];
  /** The paths' events, plus the sequences added to take the transitions they miss. */
  sequences: EventObject[][];
  coverage: Coverage;
}

/**
 * The model-based walk every machine test makes: from each input, the shortest path to every reachable state,
 * extended until every transition is taken, replayed to measure coverage (logged per input and in total).
 * The test then asserts `uncovered(machine, total)` is empty and checks its invariants on each run's paths.
 */
export function walkModel<TMachine extends AnyStateMachine>(
  name: string,
  machine: TMachine,
  options: {
    /** Input name → input; one walk each. */
    inputs: Record<string, unknown>;
    /** Every event the walk may send, actor outcomes included (xstate.done.actor.x / xstate.error.actor.x). */
    events: EventObject[];
    /** The events of one type, to take a transition the shortest paths missed; by default those of `events`. */
    eventsOfType?: (type: string) => EventObject[];
    /** How states are told apart (the default: value and context). */
    serializeState?: (snapshot: ReturnType<TMachine["transition"]>, event: EventFromLogic<TMachine> | undefined) => string;
  },
): { runs: ModelRun<TMachine>[]; total: Coverage } {
  const eventsOfType = options.eventsOfType ?? ((type: string) => options.events.filter((e) => e.type === type));
  const total: Coverage = { paths: 0, states: new Set(), transitions: new Set() };
  const entries = Object.entries(options.inputs);
  const runs = entries.map(([inputName, input]) => {
    const paths = getShortestPaths(machine, {
      input: input as never,
      events: options.events as EventFromLogic<TMachine>[],
      ...(options.serializeState ? { serializeState: options.serializeState as never } : {}),
    }) as PathOf<TMachine>[];
    const sequences = sequencesCoveringAllTransitions(machine, paths as PathLike[], eventsOfType, input);
    const coverage = replayCoverage(machine, sequences, input);
    const label = entries.length > 1 ? `${name} (${inputName})` : name;
    console.log(`${describeCoverage(label, machine, coverage)} (${paths.length} shortest paths)`);
    mergeCoverage(total, coverage);
    return { name: inputName, input, paths, sequences, coverage };
  });
  if (entries.length > 1) console.log(describeCoverage(`${name} (all inputs)`, machine, total));
  return { runs, total };
}

/** One call an actor of `recordedActors` received: its name and input. */
export type RecordedCall = [name: string, input: unknown];

/**
 * Promise actors for the behaviour tests, provided in place of the machine's real ones: each records its call
 * (name and input, in the order made) in `calls`, then answers as the function of its name does.
 */
export function recordedActors<T extends Record<string, (input: never) => Promise<unknown>>>(answers: T) {
  const calls: RecordedCall[] = [];
  const actors = Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      name,
      fromPromise(async ({ input }: { input: unknown }) => {
        calls.push([name, input]);
        return answer(input as never);
      }),
    ]),
  ) as Record<keyof T, AnyActorLogic>;
  return { calls, actors };
}
