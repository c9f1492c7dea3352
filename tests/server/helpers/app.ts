// Builds the real app for a test on the test database, with configuration overrides.
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import { openTestDatabase } from "./database";

export async function buildTestApp(env: Record<string, string> = {}) {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000", ...env });
  const app = await buildApp({ config, database, logger: false });
  app.addHook("onClose", () => database.close());
  await app.ready();
  return app;
}
