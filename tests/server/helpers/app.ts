// Builds the real app for a test on the test database, with the shipped limits and configuration overrides.
import { buildApp, loggerOptions } from "#server/app";
import { loadConfig } from "#server/config";
import type { PaymentProvider } from "#server/payments/provider";
import type { DatabaseHandle } from "#server/db/index";
import { openTestDatabase } from "./database";

export const ORIGIN = "http://localhost:3000";

/**
 * `logLines`: the app logs at info level, with the shipped redaction, into this list. `database`: a second app on
 * another app's database (left open at close), instead of a fresh one (on PostgreSQL a fresh one wipes the
 * worker's database, under any app still using it).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date; payments?: PaymentProvider; logLines?: string[]; database?: DatabaseHandle } = {},
) {
  const database = options.database ?? (await openTestDatabase());
  const lines = options.logLines;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: lines ? "info" : "silent", PUBLIC_URL: ORIGIN, RECONCILE_INTERVAL_MS: "0", ...env });
  const logger = lines ? { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } } : false;
  const app = await buildApp({ config, database, logger, now: options.now, payments: options.payments });
  if (!options.database) app.addHook("onClose", () => database.close());
  await app.ready();
  return app;
}
