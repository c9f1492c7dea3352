// One process at a time on a PGlite data directory (server/db/data-dir-lock.ts): a second open, in this process
// or another, refuses with a message naming the directory and the process that has it, and writes nothing; once
// the first has closed, the directory opens again; a lock left by a process that is gone (SIGKILL) is taken over.
// PGlite only: PostgreSQL has no data directory of ours.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "#server/db/index";
import { lockDataDirectory, lockFileName } from "#server/db/data-dir-lock";

const project = path.resolve(import.meta.dirname, "../..");
// The run's migrated template, so each open skips initdb; none on PostgreSQL runs (initdb then).
const template = inject("pgliteTemplate") || null;
let work = "";

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "freshfold-lock-test-"));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const open = (dataDir: string) => openDatabase({ dataDir, template });
const lockHolder = (dataDir: string) => readFileSync(path.join(dataDir, lockFileName), "utf8").trim();

/** Every file under a directory with its size and modification time: what a refused open must leave as it was. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const stat = statSync(path.join(dir, entry));
    if (stat.isFile()) files[entry] = `${stat.size} ${stat.mtimeMs}`;
  }
  return files;
}

async function notes(handle: DatabaseHandle) {
  const result = (await handle.db.execute(sql`select value from app_info where key like 'lock-test-%' order by key`)) as unknown as { rows: { value: string }[] };
  return result.rows.map((r) => r.value);
}

/** The message of a refusal: the directory, the process that has it, what to do. */
const refusal = (dataDir: string, pid: number) =>
  new RegExp(`${path.resolve(dataDir).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is in use by process ${pid}\\. .*stop that process.*DATABASE_URL`);

/** A child process's environment for PGlite in `dataDir`, whatever driver this run tests. */
function pgliteEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PGLITE_TEMPLATE: template ?? "" };
  delete env.DATABASE_URL;
  return env;
}

const exportWaitlist = (dataDir: string) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/waitlist-export.ts"], { cwd: project, env: pgliteEnv(dataDir), encoding: "utf8" });

describe("the PGlite data directory lock", () => {
  it("refuses a second open in the same process, writing nothing, and opens again once the first has closed", async () => {
    const dataDir = path.join(work, "same-process");
    const first = await open(dataDir);
    try {
      await first.db.execute(sql`insert into app_info (key, value) values ('lock-test-1', 'before')`);
      const before = snapshot(dataDir);
      await expect(open(dataDir)).rejects.toThrow(refusal(dataDir, process.pid));
      expect(snapshot(dataDir)).toEqual(before);
      await first.db.execute(sql`insert into app_info (key, value) values ('lock-test-2', 'after')`);
    } finally {
      await first.close();
    }
    expect(readdirSync(dataDir)).not.toContain(lockFileName);
    const again = await open(dataDir);
    try {
      expect(lockHolder(dataDir)).toBe(String(process.pid));
      expect(await notes(again)).toEqual(["before", "after"]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it("refuses the operator's export while the directory is open here, and lets it run once it is closed", async () => {
    const dataDir = path.join(work, "export");
    const first = await open(dataDir);
    let before: Record<string, string>;
    try {
      before = snapshot(dataDir);
      const refused = exportWaitlist(dataDir);
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toMatch(refusal(dataDir, process.pid));
      expect(snapshot(dataDir)).toEqual(before);
    } finally {
      await first.close();
    }
    const exported = exportWaitlist(dataDir);
    expect(exported.stderr).toBe("");
    expect(exported.status).toBe(0);
    expect(exported.stdout.split("\n")[0]).toContain("email");
  }, 120_000);

  it("refuses while another process has the directory, and takes the lock over once that process is killed", async () => {
    const dataDir = path.join(work, "other-process");
    const holder = spawn(process.execPath, ["--import", "tsx", "tests/server/helpers/hold-data-dir.ts"], { cwd: project, env: pgliteEnv(dataDir), stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("open") && resolve());
        holder.once("exit", (code) => reject(new Error(`the holding process exited (${code}) before opening`)));
      });
      expect(lockHolder(dataDir)).toBe(String(holder.pid));
      await expect(open(dataDir)).rejects.toThrow(refusal(dataDir, holder.pid!));
    } finally {
      holder.kill("SIGKILL");
      await exited;
    }
    // Killed: its lock stays behind, holding a pid that no longer runs.
    expect(lockHolder(dataDir)).toBe(String(holder.pid));
    const taken = await open(dataDir);
    try {
      expect(lockHolder(dataDir)).toBe(String(process.pid));
      expect(await notes(taken)).toEqual([]);
    } finally {
      await taken.close();
    }
  }, 120_000);

  it("takes over a lock holding a pid that no longer runs, or this process's own pid that it never took (a restarted container's)", async () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    for (const [name, pid] of [["dead", gone], ["own", process.pid]] as const) {
      const dataDir = path.join(work, `stale-${name}`);
      const first = await open(dataDir);
      await first.close();
      writeFileSync(path.join(dataDir, lockFileName), `${pid}\n`);
      const taken = await open(dataDir);
      try {
        expect(lockHolder(dataDir), name).toBe(String(process.pid));
        // Held now: the lock is not taken over again.
        await expect(open(dataDir), name).rejects.toThrow(refusal(dataDir, process.pid));
      } finally {
        await taken.close();
      }
    }
  }, 120_000);

  it("lets one process only take over a stale lock when two try at the same instant", () => {
    const dataDir = path.join(work, "takeover-race");
    mkdirSync(dataDir);
    const lock = path.join(dataDir, lockFileName);
    writeFileSync(lock, `${spawnSync(process.execPath, ["-e", ""]).pid}\n`);
    let rival = "";
    // This process has read the stale pid and is about to remove the lock when another process tries too.
    const release = lockDataDirectory(dataDir, {
      beforeTakeover: () => {
        const run = spawnSync(process.execPath, ["--import", "tsx", "tests/server/helpers/take-data-dir-lock.ts"], { cwd: project, env: pgliteEnv(dataDir), encoding: "utf8" });
        rival = run.stdout.trim() || run.stderr;
      },
    });
    try {
      expect(rival).toBe("DataDirectoryLockedError");
      expect(lockHolder(dataDir)).toBe(String(process.pid));
      expect(existsSync(`${lock}.takeover`)).toBe(false);
    } finally {
      release();
    }
    expect(existsSync(lock)).toBe(false);
  }, 120_000);

  it("removes a takeover left by a process killed while taking a stale lock over, and takes the lock", async () => {
    const dataDir = path.join(work, "takeover-left");
    const first = await open(dataDir);
    await first.close();
    const gone = String(spawnSync(process.execPath, ["-e", ""]).pid);
    writeFileSync(path.join(dataDir, lockFileName), `${gone}\n`);
    writeFileSync(path.join(dataDir, `${lockFileName}.takeover`), `${gone}\n`);
    const taken = await open(dataDir);
    try {
      expect(lockHolder(dataDir)).toBe(String(process.pid));
      expect(existsSync(path.join(dataDir, `${lockFileName}.takeover`))).toBe(false);
    } finally {
      await taken.close();
    }
  }, 120_000);

  it("refuses a lock file that holds no process id, naming the file to delete", async () => {
    const dataDir = path.join(work, "unreadable");
    const first = await open(dataDir);
    await first.close();
    const file = path.join(dataDir, lockFileName);
    writeFileSync(file, "");
    await expect(open(dataDir)).rejects.toThrow(`If no process uses the directory, delete ${file}.`);
    expect(readFileSync(file, "utf8")).toBe("");
  }, 120_000);
});
