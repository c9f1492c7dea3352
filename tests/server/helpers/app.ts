// Builds the real app for a test on the test database, with the shipped limits and configuration overrides.
import { buildApp, loggerOptions } from "#server/app";
import { loadConfig } from "#server/config";
import type { PaymentProvider } from "#server/payments/provider";
import { openTestDatabase } from "./database";

export const ORIGIN = "http://localhost:3000";

/** `logLines`: the app logs at info level, with the shipped redaction, into this list. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date; payments?: PaymentProvider; logLines?: string[] } = {},
) {
  const database = await openTestDatabase();
  const lines = options.logLines;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: lines ? "info" : "silent", PUBLIC_URL: ORIGIN, RECONCILE_INTERVAL_MS: "0", ...env });
  const logger = lines ? { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } } : false;
  const app = await buildApp({ config, database, logger, now: options.now, payments: options.payments });
  app.addHook("onClose", () => database.close());
  await app.ready();
  return app;
}
