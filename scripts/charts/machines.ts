// Finds every machine in machines/*.machine.ts.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AnyStateMachine } from "xstate";

export interface FoundMachine {
  name: string;
  file: string;
  machine: AnyStateMachine;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "config" in value && "provide" in value;

export async function findMachines(root: string): Promise<FoundMachine[]> {
  const dir = path.join(root, "machines");
  const files = readdirSync(dir).filter((f) => f.endsWith(".machine.ts")).sort();
  const found: FoundMachine[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isMachine(value)) found.push({ name: file.replace(/\.machine\.ts$/, ""), file: `machines/${file}`, machine: value });
    }
  }
  return found;
}
