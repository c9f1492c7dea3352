// Decorates the app with the database; a test passes its own handle (PGlite in memory, or PostgreSQL).
import fp from "fastify-plugin";
import { openDatabase, type DatabaseHandle } from "../db/index";

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  handle?: DatabaseHandle;
  url?: string;
  dataDir?: string;
}

export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const handle = options.handle ?? (await openDatabase({ url: options.url, dataDir: options.dataDir }));
    app.decorate("database", handle);
    if (!options.handle) app.addHook("onClose", () => handle.close());
  },
  { name: "database" },
);
