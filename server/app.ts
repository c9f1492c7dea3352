// Builds the server as a tree of plugins: external plugins, then the project's, then routes.
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { fileURLToPath } from "node:url";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db";
import errorHandler from "./plugins/error-handler";
import database from "./plugins/database";
import site from "./plugins/site";
import mail from "./mail/plugin";
import health from "./routes/health";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise opened from the configuration. */
  database?: DatabaseHandle;
  /** Folder of the built site; defaults to dist/. */
  siteRoot?: string;
  logger?: FastifyServerOptions["logger"];
}

export async function buildApp({ config, database: handle, siteRoot, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);

  await app.register(errorHandler);
  await app.register(database, { handle, url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await app.register(mail);
  await app.register(health);
  await app.register(site, { root: siteRoot ?? config.SITE_ROOT ?? fileURLToPath(new URL("../dist", import.meta.url)) });
  return app;
}
