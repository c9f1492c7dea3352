// The OpenAPI document at /api/openapi.json, generated from the routes' zod schemas (the contract's).
// Registered before the routes, so @fastify/swagger sees each of them as it is added.
import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { brand } from "../../src/config/brand";
import { publicOrigin } from "../config";

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        info: {
          title: `${brand.name} API`,
          description: "Every call the site makes: service area, pickup availability, sign-up checkout, after-payment calls, contact and newsletter. Errors answer { error: { code, message, fields? } }.",
          version: "1.0.0",
        },
        servers: [{ url: publicOrigin(app.config) }],
      },
      transform: jsonSchemaTransform,
    });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
