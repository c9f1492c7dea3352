// A process that opens the PGlite data directory DATA_DIR (with the template PGLITE_TEMPLATE), says "open" on
// stdout and keeps it until killed: the other process of tests/server/data-dir-lock.test.ts.
import { openDatabase } from "#server/db/index";

await openDatabase({ dataDir: process.env.DATA_DIR, template: process.env.PGLITE_TEMPLATE || null });
process.stdout.write("open\n");
setInterval(() => {}, 60_000);
