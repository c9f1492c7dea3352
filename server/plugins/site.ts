// Serves the built site; the site's routes fall back to index.html, unknown /api paths stay JSON 404s.
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { existsSync } from "node:fs";
import path from "node:path";
import { errorBody } from "../errors";

const apiPrefixes = ["/api/", "/sandbox/", "/dev/"];
/** Vite's content-hashed output: a new build gets new names, so these never change under their URL. */
const hashedAssets = "/assets/";

export default fp<{ root: string }>(
  async (app, { root }) => {
    const hasSite = existsSync(path.join(root, "index.html"));
    if (hasSite) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        cacheControl: false,
        // index.html names the current build's assets: always revalidated, so a deploy reaches open tabs.
        setHeaders: (reply, filePath) => {
          const url = `/${path.relative(root, filePath).split(path.sep).join("/")}`;
          if (url.startsWith(hashedAssets)) reply.setHeader("cache-control", "public, max-age=31536000, immutable");
          else if (url === "/index.html") reply.setHeader("cache-control", "no-cache");
          else reply.setHeader("cache-control", "public, max-age=3600");
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split("?")[0] ?? "/";
      const isApi = url === "/api" || apiPrefixes.some((p) => url.startsWith(p));
      // A file the build does not have (an old build's chunk, a typo) is a 404: answering index.html
      // would hand the browser HTML where it expects a script.
      const isFile = url.startsWith(hashedAssets) || /\.[a-z0-9]+$/i.test(url.slice(url.lastIndexOf("/")));
      if (isApi || isFile || !hasSite || (request.method !== "GET" && request.method !== "HEAD")) {
        return reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${url}`));
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    });
  },
  { name: "site", dependencies: ["error-handler"] },
);
