// Every machine of the site by id, loaded only when support replays a log.
import type { AnyStateMachine } from "xstate";

const modules = import.meta.glob<Record<string, unknown>>("../../machines/*.machine.ts");

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "provide" in value && "id" in value;

export async function findMachine(id: string): Promise<AnyStateMachine | undefined> {
  for (const load of Object.values(modules)) {
    const found = Object.values(await load()).find((value) => isMachine(value) && value.id === id);
    if (found) return found as AnyStateMachine;
  }
  return undefined;
}
