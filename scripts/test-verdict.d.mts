// Types of scripts/test-verdict.mjs for the TypeScript tests that import it.
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export interface StepResult extends Counts {
  name: string;
  seconds: number;
  notes: string[];
}
export function vitestCounts(report: unknown): Counts;
export function playwrightCounts(report: unknown): Counts;
export function readFreshReport(file: string, since: number): unknown;
export function clearReport(file: string): void;
export function judge(step: { name: string; exitCode: number | null; counts?: Counts; seconds?: number }): StepResult;
export function runCommand(
  command: string,
  args: string[],
  env?: Record<string, string | undefined>,
  stdio?: "inherit" | "ignore" | "pipe",
): { exitCode: number | null; seconds: number; started: number };
export function scriptStep(name: string, command: string, args: string[], env?: Record<string, string | undefined>): StepResult;
export function scriptStepsTogether(
  steps: { name: string; command: string; args: string[]; env?: Record<string, string | undefined> }[],
): Promise<{ result: StepResult; output: string }[]>;
export function reportStep(
  name: string,
  step: { command: string; args: string[]; env?: Record<string, string | undefined>; report: string; count: (report: unknown) => Counts; stdio?: "inherit" | "ignore" | "pipe" },
): StepResult;
export function total(results: Counts[]): Counts;
export function totalLine(counts: Counts): string;
export function summaryLines(results: StepResult[]): string[];
export function totalSummaries(files: string[]): Counts & { missing: string[] };
