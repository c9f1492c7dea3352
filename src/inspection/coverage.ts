// For the browser suite: the state ids each machine reached, kept on window for the fixtures to collect.
import type { AnyStateNode, InspectionEvent } from "xstate";

declare global {
  interface Window {
    __machineCoverage?: Record<string, string[]>;
  }
}

export function recordCoverage(inspection: InspectionEvent) {
  if (inspection.type !== "@xstate.snapshot" && inspection.type !== "@xstate.microstep") return;
  const nodes = (inspection.snapshot as { _nodes?: AnyStateNode[] })._nodes;
  const machineId = (inspection.actorRef as unknown as { logic?: { id?: string; root?: unknown } }).logic;
  if (!nodes || !machineId?.root || !machineId.id) return;
  const coverage = (window.__machineCoverage ??= {});
  const seen = new Set(coverage[machineId.id] ?? []);
  for (const node of nodes) seen.add(node.id);
  coverage[machineId.id] = [...seen];
}
