// Turns a machine definition into documentation: a Mermaid state diagram and plain-language tables.
// The words come from the machine itself: `description` on every state and transition, and the root's
// `meta` (see MachineWords) naming its events, guards, actors and delays in plain language.
import type { AnyStateMachine, AnyStateNode } from "xstate";

/** The root `meta` of a machine: the plain-language names the charts and the support panel use. */
export interface MachineWords {
  /** Event type → what happened, e.g. "step.next" → "Continue is pressed". */
  events?: Record<string, string>;
  /** Guard name → the condition in words; `{param}` is replaced by the guard's params. */
  guards?: Record<string, string>;
  /** Actor (src or invoke id) → its name in a sentence ("the e-mail check") and what it does. */
  actors?: Record<string, { name: string; description: string }>;
  /** Named delay → how long, in words. */
  delays?: Record<string, string>;
}

export const wordsOf = (machine: AnyStateMachine): MachineWords => (machine.root.meta ?? {}) as MachineWords;

const mermaidId = (node: AnyStateNode) => `s_${node.id.replace(/[^A-Za-z0-9]/g, "_")}`;
const label = (text: string) => text.replace(/["`]/g, "'").replace(/[:;#]/g, " ");
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const children = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states ?? {}) as AnyStateNode[];
const nameOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "function" ? value.name || "inline" : (value as { type?: string } | undefined)?.type;

/** The title a state shows in the diagram: its `meta.title`, or its key. */
const titleOf = (node: AnyStateNode): string => ((node.meta as { title?: string } | undefined)?.title ?? node.key);

const seconds = (ms: number) => (ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`);

/** A readable name for an event, including XState's internal ones, in the machine's own words when it has them. */
export function describeEvent(type: string, words: MachineWords = {}): string {
  const actor = (id: string) => words.actors?.[id]?.name ?? id;
  let m = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (m) return `${actor(m[1]!)} answers`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (m) return `${actor(m[1]!)} fails`;
  m = /^xstate\.after\.([^.]+)\./.exec(type);
  if (m) return /^\d+$/.test(m[1]!) ? `after ${seconds(Number(m[1]))}` : `after ${words.delays?.[m[1]!] ?? m[1]}`;
  m = /^xstate\.done\.state\.(.+)$/.exec(type);
  if (m) return `${(m[1] ?? "").split(".").pop()} finished`;
  if (type === "") return "at once";
  return words.events?.[type] ?? type;
}

type GuardLike = string | { type: string; params?: unknown } | ((...args: never[]) => unknown) | undefined;

/** A guard in words: named guards from the machine's words (params filled in), and/or/not and stateIn spelled out. */
export function describeGuard(guard: GuardLike, words: MachineWords = {}): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === "function") {
    const composite = guard as unknown as { name: string; guards?: GuardLike[]; stateValue?: unknown };
    if (composite.guards && composite.name === "not") return `not (${describeGuard(composite.guards[0], words)})`;
    if (composite.guards && (composite.name === "and" || composite.name === "or")) {
      return composite.guards.map((g) => describeGuard(g, words)).join(composite.name === "and" ? " and " : " or ");
    }
    if (composite.name === "stateIn") return `it is in ${String(composite.stateValue).replace(/^#[^.]+\./, "")}`;
    return words.guards?.[composite.name] ?? composite.name;
  }
  const name = typeof guard === "string" ? guard : guard.type;
  const params = typeof guard === "object" && typeof guard.params === "object" && guard.params ? (guard.params as Record<string, unknown>) : {};
  const text = words.guards?.[name] ?? name;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** The code names a guard is made of (for the engineers' column). */
function guardCode(guard: GuardLike): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === "function") {
    const composite = guard as unknown as { name: string; guards?: GuardLike[] };
    if (composite.guards) return `${composite.name}(${composite.guards.map(guardCode).join(", ")})`;
    return composite.name;
  }
  if (typeof guard === "string") return guard;
  const params = typeof guard.params === "object" && guard.params ? JSON.stringify(guard.params) : "";
  return `${guard.type}${params}`;
}

export interface Edge {
  from: AnyStateNode;
  to: AnyStateNode[];
  event: string;
  guard?: GuardLike;
  /** An unguarded choice after guarded ones for the same event: taken "otherwise". */
  otherwise: boolean;
  actions: string[];
  description?: string;
}

export function edgesOf(node: AnyStateNode): Edge[] {
  const edges: Edge[] = [];
  const add = (event: string, candidates: readonly { target?: unknown; guard?: unknown; actions?: unknown; description?: string }[]) => {
    candidates.forEach((t, i) => {
      edges.push({
        from: node,
        to: (t.target ?? []) as AnyStateNode[],
        event,
        guard: t.guard as GuardLike,
        otherwise: t.guard === undefined && i > 0,
        actions: ((t.actions ?? []) as unknown[]).map(nameOf).filter(Boolean) as string[],
        description: t.description,
      });
    });
  };
  for (const [event, candidates] of node.transitions) add(event, candidates);
  if (node.always) add("", node.always);
  return edges;
}

export function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (n: AnyStateNode) => {
    out.push(n);
    children(n).forEach(walk);
  };
  walk(machine.root);
  return out;
}

/** When an edge is taken, in words: the event, then its condition. */
export function edgeText(edge: Edge, words: MachineWords): string {
  const condition = describeGuard(edge.guard, words);
  const when = describeEvent(edge.event, words);
  return `${when}${condition ? `, if ${condition}` : edge.otherwise ? ", otherwise" : ""}`;
}

/** Mermaid stateDiagram-v2 source for the machine: nesting, parallel regions, and every edge labelled in words. */
export function toMermaid(machine: AnyStateMachine): string {
  const words = wordsOf(machine);
  const lines: string[] = ["stateDiagram-v2"];
  const emit = (node: AnyStateNode, indent: string) => {
    const kids = children(node);
    if (node.type === "parallel") {
      kids.forEach((kid, i) => {
        if (i > 0) lines.push(`${indent}--`);
        emitState(kid, indent);
      });
      return;
    }
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    kids.forEach((kid) => emitState(kid, indent));
  };
  const emitState = (node: AnyStateNode, indent: string) => {
    const id = mermaidId(node);
    lines.push(`${indent}state "${label(titleOf(node))}" as ${id}`);
    if (children(node).length) {
      lines.push(`${indent}state ${id} {`);
      emit(node, indent + "  ");
      lines.push(`${indent}}`);
    }
    if (node.type === "final") lines.push(`${indent}${id} --> [*]`);
  };
  if (machine.root.type === "parallel") {
    // Mermaid allows region separators only inside a composite state: draw the root as one.
    lines.push(`  state "${label(machine.id)}" as ${mermaidId(machine.root)}`, `  state ${mermaidId(machine.root)} {`);
    emit(machine.root, "    ");
    lines.push("  }");
  } else {
    emit(machine.root, "  ");
  }
  // Edges in the order of the states they lead to, so the layout reads in the machine's own order (step 1
  // before step 6) even where the machine checks the later targets first.
  const nodes = allNodes(machine);
  const order = new Map(nodes.map((n, i) => [n, i]));
  for (const node of nodes) {
    if (node === machine.root) continue;
    const drawn = edgesOf(node).flatMap((edge) => (edge.to.length ? edge.to : [node]).map((target) => ({ edge, target })));
    drawn.sort((a, b) => order.get(a.target)! - order.get(b.target)!);
    for (const { edge, target } of drawn) lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${label(edgeText(edge, words))}`);
  }
  return lines.join("\n");
}

const kindText: Record<string, string> = {
  atomic: "simple",
  compound: "has sub-states",
  parallel: "regions run side by side",
  final: "final",
  history: "history",
};

const stateName = (node: AnyStateNode) => {
  const path = `\`${node.path.join(".")}\``;
  const title = (node.meta as { title?: string } | undefined)?.title;
  return title ? `${title} (${path})` : path;
};

/** The whole Markdown page for one machine. */
export function toMarkdown(name: string, file: string, machine: AnyStateMachine): string {
  const words = wordsOf(machine);
  const nodes = allNodes(machine).filter((n) => n !== machine.root);
  const out: string[] = [];
  out.push(`# ${name}`, "");
  out.push(`Generated by \`npm run charts\` from \`${file}\` (machine id \`${machine.id}\`). Do not edit by hand.`, "");
  if (machine.root.description) out.push(machine.root.description, "");
  out.push("```mermaid", toMermaid(machine), "```", "");
  out.push("## States", "", "| State | What it means | Runs | Kind |", "|---|---|---|---|");
  for (const node of nodes) {
    const runs = node.invoke.map((i) => words.actors?.[i.id]?.name ?? words.actors?.[nameOf(i.src) ?? ""]?.name ?? i.id).join(", ");
    out.push(`| ${stateName(node)} | ${cell(node.description ?? "")} | ${cell(runs || "—")} | ${kindText[node.type] ?? node.type} |`);
  }
  out.push("", "## Transitions", "", "Where a state has several choices for the same moment, the first whose condition holds is taken.", "");
  out.push("| From | When | Goes to | What happens | In the code |", "|---|---|---|---|---|");
  for (const edge of [...edgesOf(machine.root), ...nodes.flatMap(edgesOf)]) {
    const from = edge.from === machine.root ? "(any state)" : `\`${edge.from.path.join(".")}\``;
    const to = edge.to.length ? edge.to.map((t) => `\`${t.path.join(".") || t.id}\``).join(", ") : "(stays)";
    const code = [`\`${edge.event || "always"}\``, guardCode(edge.guard) && `guard \`${guardCode(edge.guard)}\``, edge.actions.length && `does ${edge.actions.map((a) => `\`${a}\``).join(", ")}`]
      .filter(Boolean)
      .join("; ");
    out.push(`| ${from} | ${cell(edgeText(edge, words))} | ${to} | ${cell(edge.description ?? "")} | ${code} |`);
  }
  const actors = Object.keys(machine.implementations.actors);
  if (actors.length) {
    out.push("", "## What it calls", "", "| Actor | What it does |", "|---|---|");
    for (const actor of actors) out.push(`| ${cell(words.actors?.[actor]?.name ?? actor)} (\`${actor}\`) | ${cell(words.actors?.[actor]?.description ?? "")} |`);
  }
  const guards = Object.keys(machine.implementations.guards);
  if (guards.length) {
    out.push("", "## Conditions", "", "| Condition | In the code |", "|---|---|");
    for (const guard of guards) out.push(`| ${cell(words.guards?.[guard] ?? "")} | \`${guard}\` |`);
  }
  out.push("");
  return out.join("\n");
}

/** State ids as they appear in the Mermaid source, to check a rendering drew every state. */
export function mermaidStateIds(machine: AnyStateMachine): string[] {
  return allNodes(machine).filter((n) => n !== machine.root).map(mermaidId);
}

/** What a machine leaves undescribed: states, transitions, guards, actors (and events it names nowhere). */
export function missingDescriptions(machine: AnyStateMachine): string[] {
  const words = wordsOf(machine);
  const missing: string[] = [];
  const sentence = (text: unknown) => typeof text === "string" && text.trim().length > 0;
  for (const node of allNodes(machine)) {
    const where = node === machine.root ? "(root)" : node.path.join(".");
    if (!sentence(node.description)) missing.push(`state ${where}`);
    for (const edge of edgesOf(node)) {
      if (!sentence(edge.description)) missing.push(`transition ${where} on ${edge.event || "always"}${edge.guard ? ` [${guardCode(edge.guard)}]` : ""}`);
      if (edge.event && !edge.event.startsWith("xstate.") && !sentence(words.events?.[edge.event])) missing.push(`event ${edge.event}`);
      const delay = /^xstate\.after\.([^.]+)\./.exec(edge.event)?.[1];
      if (delay && !/^\d+$/.test(delay) && !sentence(words.delays?.[delay])) missing.push(`delay ${delay}`);
    }
  }
  for (const guard of Object.keys(machine.implementations.guards)) if (!sentence(words.guards?.[guard])) missing.push(`guard ${guard}`);
  for (const actor of Object.keys(machine.implementations.actors)) {
    if (!sentence(words.actors?.[actor]?.name) || !sentence(words.actors?.[actor]?.description)) missing.push(`actor ${actor}`);
  }
  return [...new Set(missing)];
}
