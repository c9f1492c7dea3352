// For the browser suite: reports the state ids each machine reaches to the test runner (a binding that
// e2e/fixtures.ts exposes, so the record survives navigations), and keeps them on window as well.
import type { AnyStateNode, InspectionEvent } from "xstate";

declare global {
  interface Window {
    __machineCoverage?: Record<string, string[]>;
    __e2eMachineCoverage?: (machineId: string, stateIds: string[]) => void;
  }
}

type MachineLogic = { id?: string; root?: AnyStateNode };

/** The states a machine enters when it starts, before its first snapshot (eventless ones included). */
function initialStates(node: AnyStateNode): AnyStateNode[] {
  if (node.type === "parallel") return Object.values(node.states).flatMap((child) => [child, ...initialStates(child)]);
  const targets = (node.initial?.target ?? []) as AnyStateNode[];
  return targets.flatMap((target) => [target, ...initialStates(target)]);
}

function report(machineId: string, nodes: AnyStateNode[]) {
  const coverage = (window.__machineCoverage ??= {});
  const seen = new Set(coverage[machineId] ?? []);
  const fresh = nodes.map((n) => n.id).filter((id) => !seen.has(id));
  if (!fresh.length) return;
  fresh.forEach((id) => seen.add(id));
  coverage[machineId] = [...seen];
  window.__e2eMachineCoverage?.(machineId, fresh);
}

export function recordCoverage(inspection: InspectionEvent) {
  const logic = (inspection.actorRef as unknown as { logic?: MachineLogic }).logic;
  if (!logic?.root || !logic.id) return;
  if (inspection.type === "@xstate.actor") report(logic.id, initialStates(logic.root));
  if (inspection.type === "@xstate.snapshot" || inspection.type === "@xstate.microstep") {
    const nodes = (inspection.snapshot as { _nodes?: AnyStateNode[] })._nodes;
    if (nodes) report(logic.id, nodes);
  }
}
