// Serves the built site; the site's routes fall back to index.html, unknown /api paths stay JSON 404s.
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { existsSync } from "node:fs";
import path from "node:path";
import { errorBody } from "../errors";

const apiPrefixes = ["/api/", "/sandbox/", "/dev/"];

export default fp<{ root: string }>(
  async (app, { root }) => {
    const hasSite = existsSync(path.join(root, "index.html"));
    if (hasSite) {
      await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: "1h", immutable: false });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split("?")[0] ?? "/";
      const isApi = url === "/api" || apiPrefixes.some((p) => url.startsWith(p));
      if (isApi || !hasSite || (request.method !== "GET" && request.method !== "HEAD")) {
        return reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${url}`));
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    });
  },
  { name: "site", dependencies: ["error-handler"] },
);
