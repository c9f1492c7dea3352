// `npm run waitlist:export`: prints the "tell me when you arrive" list as CSV on stdout, from the database the
// server uses (DATABASE_URL, or PGlite in DATA_DIR, ./data by default; PGlite allows one process at a time, so
// while the server runs on it the export refuses: stop the server first there). Example: npm run waitlist:export > waitlist.csv
import { DataDirectoryLockedError } from "#server/db/data-dir-lock";
import { openDatabase } from "#server/db/index";
import { waitlistCsv } from "#server/services/waitlist";

const handle = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" }).catch((error: unknown) => {
  if (!(error instanceof DataDirectoryLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  process.stdout.write(await waitlistCsv(handle.db));
} finally {
  await handle.close();
}
