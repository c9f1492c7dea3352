// A process that takes the lock of the PGlite data directory DATA_DIR (server/db/data-dir-lock.ts), prints
// "took" or the refusal's name, and exits without releasing it: the rival of tests/server/data-dir-lock.test.ts.
import { lockDataDirectory } from "#server/db/data-dir-lock";

try {
  lockDataDirectory(process.env.DATA_DIR!);
  process.stdout.write("took\n");
} catch (error) {
  process.stdout.write(`${(error as Error).name}\n`);
}
