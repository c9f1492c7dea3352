// Builds the real app for a test on the test database, with the shipped limits and configuration overrides.
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import type { PaymentProvider } from "#server/payments/provider";
import { openTestDatabase } from "./database";

export const ORIGIN = "http://localhost:3000";

export async function buildTestApp(env: Record<string, string> = {}, options: { now?: () => Date; payments?: PaymentProvider } = {}) {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: ORIGIN, RECONCILE_INTERVAL_MS: "0", ...env });
  const app = await buildApp({ config, database, logger: false, now: options.now, payments: options.payments });
  app.addHook("onClose", () => database.close());
  await app.ready();
  return app;
}
