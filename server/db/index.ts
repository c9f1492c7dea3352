// The database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set; migrations run at open.
import { fileURLToPath } from "node:url";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  close: () => Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite. */
  url?: string;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string;
}

export async function openDatabase({ url, dataDir = "./data" }: DatabaseOptions): Promise<DatabaseHandle> {
  if (url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, driver: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: "pglite", close: () => client.close() };
}
