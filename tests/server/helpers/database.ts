// The database of a server test: PGlite in memory, loaded from the run's migrated template
// (tests/server/helpers/global-setup.ts), or the worker's PostgreSQL database of DATABASE_URL wiped clean first.
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/index";

export const testDriver = process.env.DATABASE_URL ? "postgres" : "pglite";

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ dataDir: "memory://", template: inject("pgliteTemplate") });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
  await client.end();
  return openDatabase({ url });
}
