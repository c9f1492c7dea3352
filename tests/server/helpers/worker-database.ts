// On PostgreSQL each worker of the server suite has a database of its own beside DATABASE_URL's (test_worker_1,
// test_worker_2, ...), so test files run in parallel as they do on PGlite. tests/server/helpers/worker-env.ts
// points DATABASE_URL at it in each worker, for the tests and for the servers they start.
import pg from "pg";

const PREFIX = "_worker_";

/** The worker's database beside `url`'s; `url` itself when it already is the worker's (a second test file). */
export function workerDatabaseUrl(url: string, worker: string): string {
  const suffix = `${PREFIX}${worker}`;
  if (databaseName(url).endsWith(suffix)) return url;
  const address = new URL(url);
  address.pathname = `/${encodeURIComponent(databaseName(url) + suffix)}`;
  return address.toString();
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the worker's database unless it exists, connected to DATABASE_URL's own. */
export async function createWorkerDatabase(url: string, worker: string): Promise<string> {
  const workerUrl = workerDatabaseUrl(url, worker);
  const name = databaseName(workerUrl);
  await withClient(url, async (client) => {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  });
  return workerUrl;
}

export async function dropWorkerDatabases(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [
      `${databaseName(url)}${PREFIX}`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  });
}
