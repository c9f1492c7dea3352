import fp from "fastify-plugin";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

export default fp(
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/api/health",
      { schema: { response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }) } } },
      async () => {
        await app.database.db.execute(sql`select 1`);
        return { status: "ok" as const, database: app.database.driver };
      },
    );
  },
  { name: "health-route", dependencies: ["database"] },
);
