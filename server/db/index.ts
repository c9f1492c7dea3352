// The database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set; migrations run at open.
// A PGlite data directory that is empty or does not exist yet starts from the template the build ships beside
// the server bundle (pglite-template.tar.gz, written by scripts/build-server.mjs with writePgliteTemplate: a
// database with every migration applied, dumped with PGlite's dumpDataDir) instead of PGlite's initdb, seconds
// of WebAssembly at a first start; the migrations run after it all the same (nothing to do when the template is
// current), so a template older than the migrations never skips one. From the sources (tsx, tests) there is no
// template beside this file and PGlite creates the database as before; a template that fails to load is
// dropped the same way. The template is only ever loaded into an empty directory: existing data is never touched.
// A data directory is locked while open (data-dir-lock.ts): a second process refuses to open it.
import { fileURLToPath } from "node:url";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PGlite as PGliteClient } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { lockDataDirectory, lockFileName } from "./data-dir-lock";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  close: () => Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** PostgreSQL advisory lock key held while migrating ("FrFo"). */
const MIGRATION_LOCK = 0x4672466f;
/** The build's template, beside the bundle (dist/server/pglite-template.tar.gz); absent beside the sources. */
export const pgliteTemplateFile = fileURLToPath(new URL("./pglite-template.tar.gz", import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite. */
  url?: string;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /** PGlite: the template (a dumpDataDir tarball) an empty or new data directory starts from; null: none. */
  template?: string | null;
}

export async function openDatabase({ url, dataDir = "./data", template = pgliteTemplateFile }: DatabaseOptions): Promise<DatabaseHandle> {
  if (url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzle(pool, { schema });
    // Processes starting together (two instances, a restart beside a running one) migrate one at a time: the
    // others wait on this lock, then find nothing left to do. It is the session's, so a crash releases it.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return { db: db as unknown as Database, driver: "postgres", close: () => pool.end() };
  }
  // Taken before PGlite touches the directory, released only once PGlite has closed it.
  const unlock = inMemory(dataDir) ? () => {} : lockDataDirectory(dataDir);
  const client = await openPglite(dataDir, template).catch((error: unknown) => {
    unlock();
    throw error;
  });
  try {
    const db = await migratePglite(client);
    return { db, driver: "pglite", close: () => client.close().finally(unlock) };
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
}

async function migratePglite(client: PGliteClient, folder = migrationsFolder): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: folder });
  return db as unknown as Database;
}

const inMemory = (dataDir: string) => dataDir.startsWith("memory://");

/** Whether a data directory holds nothing yet but our lock (it may not exist). */
function isEmpty(dataDir: string): boolean {
  if (inMemory(dataDir)) return true;
  try {
    return readdirSync(dataDir).every((entry) => entry === lockFileName);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * The template as an uncompressed tarball, or undefined when there is no such file. Unzipped here, not by
 * PGlite: a damaged gzip then fails in this call, where PGlite's own decompression leaves an unhandled rejection
 * behind (0.5.16), which would end the process.
 */
function readTemplate(file: string): Blob | undefined {
  let gzipped: Buffer;
  try {
    gzipped = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return new Blob([gunzipSync(gzipped)]);
}

async function openPglite(dataDir: string, templateFile: string | null): Promise<PGliteClient> {
  const { PGlite } = await import("@electric-sql/pglite");
  // Decided before anything but the lock is written into the directory.
  const fromTemplate = templateFile !== null && isEmpty(dataDir);
  if (fromTemplate) {
    try {
      const template = readTemplate(templateFile);
      if (template) return await PGlite.create(dataDir, { loadDataDir: template });
    } catch (error) {
      // The directory was empty before the load: what is in it now is the template's (and our lock, kept), removed before initdb.
      if (!inMemory(dataDir)) for (const entry of readdirSync(dataDir)) if (entry !== lockFileName) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
      process.emitWarning(`The PGlite template ${templateFile} could not be loaded (${String(error)}): creating the database instead.`);
    }
  }
  return PGlite.create(dataDir);
}

/**
 * Writes the template to `file`: a new PGlite database with every migration applied, checkpointed and dumped
 * (gzip) with dumpDataDir, the tarball openDatabase loads into an empty data directory. Build time only;
 * `migrations` is another migrations folder (a test's older template).
 */
export async function writePgliteTemplate(file: string, { migrations = migrationsFolder }: { migrations?: string } = {}): Promise<void> {
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create("memory://");
  try {
    await migratePglite(client, migrations);
    await client.exec("CHECKPOINT");
    const tarball = await client.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await client.close();
  }
}
