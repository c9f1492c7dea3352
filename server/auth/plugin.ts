// Decorates the app with the server secret (SERVER_SECRET, or the development one kept in the database).
import fp from "fastify-plugin";
import { resolveServerSecret } from "./secret";

declare module "fastify" {
  interface FastifyInstance {
    trust: { secret: string };
  }
}

export default fp(
  async (app) => {
    app.decorate("trust", { secret: await resolveServerSecret(app.config, app.database.db) });
  },
  { name: "trust", dependencies: ["database"] },
);
