// The exclusive lock on a PGlite data directory. PGlite takes none of its own: two processes on one directory
// both answer, and the last to close overwrites on disk what the other wrote. The lock is a file in the
// directory holding the pid of the process that has it, created exclusively, as PostgreSQL's postmaster.pid.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const lockFileName = "freshfold.lock";

/** The lock files this process holds (see isRunning). */
const held = new Set<string>();

/** Another process (or another open in this one) has the data directory. */
export class DataDirectoryLockedError extends Error {
  override name = "DataDirectoryLockedError";
}

/**
 * Takes the lock on `dataDir` (created if it does not exist) and returns its release; throws
 * DataDirectoryLockedError while another process that is still running has it. A lock left by a process that
 * is gone (killed, crashed) is taken over.
 */
export function lockDataDirectory(dataDir: string, hooks: TakeoverHooks = {}): () => void {
  const directory = path.resolve(dataDir);
  const file = path.join(directory, lockFileName);
  mkdirSync(directory, { recursive: true });
  // Again when the lock vanished or was stale: another process may take it between our steps.
  for (let round = 1; ; round++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      held.add(file);
      return () => release(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(file);
    if (holder === "gone") continue;
    if (holder === "unreadable") {
      throw new DataDirectoryLockedError(
        `The PGlite data directory ${directory} is locked by ${file}, which holds no process id: another process may be ` +
          `opening it right now, or one stopped while taking the lock. If no process uses the directory, delete ${file}.`,
      );
    }
    if (isRunning(holder, file) || round >= 3) throw new DataDirectoryLockedError(inUse(directory, holder));
    removeStaleLock(directory, file, holder, hooks);
  }
}

/** For tests: runs at the moment a stale lock is about to be removed. */
export interface TakeoverHooks {
  beforeTakeover?: () => void;
}

/**
 * Removes the lock left by `stalePid` (gone), if it is still that one. One process at a time does it, holding a
 * second file: without it, two processes that both read the stale pid could both remove the lock, the second
 * removing the lock the first had just taken, and both go on as its holder.
 */
function removeStaleLock(directory: string, file: string, stalePid: number, hooks: TakeoverHooks) {
  const takeover = `${file}.takeover`;
  try {
    writeFileSync(takeover, `${process.pid}\n`, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const taker = readHolder(takeover);
    if (taker === "gone") return;
    // Another process is taking the lock over this instant, and will have the directory.
    if (taker === "unreadable") {
      throw new DataDirectoryLockedError(
        `The PGlite data directory ${directory} has a takeover file without a process id (${takeover}): another ` +
          `process is taking the lock over right now, or one stopped while doing so. If no process uses the ` +
          `directory, delete ${takeover}.`,
      );
    }
    if (isRunning(taker, takeover)) throw new DataDirectoryLockedError(inUse(directory, taker));
    // Left by a process that died in these few steps: removed, and the caller tries again.
    rmSync(takeover, { force: true });
    return;
  }
  try {
    hooks.beforeTakeover?.();
    if (readHolder(file) === stalePid) rmSync(file, { force: true });
  } finally {
    // Only if still ours (a takeover file deleted by hand may have been taken by another process since).
    if (readHolder(takeover) === process.pid) rmSync(takeover, { force: true });
  }
}

const inUse = (directory: string, pid: number) =>
  `The PGlite data directory ${directory} is in use by process ${pid}. PGlite allows one process at a time: stop ` +
  `that process first (a running server, or an operator script), or, to run more than one process on the same ` +
  `data, use PostgreSQL through DATABASE_URL.`;

function readHolder(file: string): number | "gone" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : "unreadable";
}

function isRunning(pid: number, file: string): boolean {
  // Our own pid in a lock we do not hold was left by an earlier process that had the same pid (a container's
  // restart, where the server is pid 1 every time).
  if (pid === process.pid) return held.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function release(file: string) {
  held.delete(file);
  // Only if it is still ours: a lock deleted by hand and taken by another process stays.
  if (readHolder(file) === process.pid) rmSync(file, { force: true });
}
