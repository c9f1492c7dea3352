// Security headers (helmet with the Content-Security-Policy of product.md SEC-2 and decision 004) and
// JSON-only request bodies on the API.
import fp from "fastify-plugin";
import Fastify from "fastify";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import type { Config } from "../config";
import { publicOrigin } from "../config";
import { ApiError } from "../errors";

type Directives = Record<string, string[]>;

/**
 * The site's policy: scripts only from our own origin, never inline; inline styles allowed (see
 * docs/decisions/). With a Maps key, the sources Google's CSP guide lists for the Maps JavaScript API.
 */
export function contentSecurityPolicy(config: Config): Directives {
  const directives: Directives = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "frame-src": ["'self'"],
    "frame-ancestors": ["'self'"],
    "form-action": ["'self'"],
    "manifest-src": ["'self'"],
  };
  if (config.VITE_GOOGLE_MAPS_API_KEY) {
    // developers.google.com/maps/documentation/javascript/content-security-policy (allowlist form: the
    // site is static files, so no per-response nonce).
    directives["script-src"]!.push("https://*.googleapis.com", "https://*.gstatic.com", "*.google.com", "'unsafe-eval'", "blob:");
    directives["img-src"]!.push("https://*.googleapis.com", "https://*.gstatic.com", "*.google.com", "*.googleusercontent.com");
    directives["frame-src"]!.push("*.google.com");
    directives["connect-src"]!.push("https://*.googleapis.com", "*.google.com", "https://*.gstatic.com", "data:", "blob:");
    directives["font-src"]!.push("https://fonts.gstatic.com");
    directives["style-src"]!.push("https://fonts.googleapis.com");
    directives["worker-src"] = ["blob:"];
  }
  if (publicOrigin(config).startsWith("https:")) directives["upgrade-insecure-requests"] = [];
  return directives;
}

const bodyMethods = new Set(["POST", "PUT", "PATCH"]);

/**
 * The headers helmet sets for `options`, worked out once by helmet itself on a throwaway instance: its Fastify
 * plugin builds every one of its middlewares again on each request (parsing and validating the whole
 * Content-Security-Policy each time), although the headers never change (no per-request nonce here).
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  let headers: Record<string, string> = {};
  await probe.register(helmet, options);
  probe.get("/", (_request, reply) => {
    // Only what helmet's hooks set on the response so far: Fastify's own headers are written at send.
    headers = Object.fromEntries(Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]));
    return reply.send("");
  });
  await probe.inject("/");
  await probe.close();
  if (!headers["content-security-policy"]) throw new Error("helmet set no Content-Security-Policy");
  return headers;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The security headers of every answer, by name (also sent by the site's own answers, plugins/site.ts). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const https = publicOrigin(config).startsWith("https:");
    const headers = await helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // Only over HTTPS; a plain-HTTP development server must not pin browsers to HTTPS.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: a Maps key restricted to our site's referrer needs the origin sent.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    app.decorate("securityHeaders", Object.freeze(headers));
    // On every answer (routes, the not-found handler, errors); a route may still set one of its own.
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(headers);
      // The API takes JSON only; anything else is 415 before it is read (the Stripe webhook is JSON too).
      if (!bodyMethods.has(request.method) || !request.url.startsWith("/api/")) return done();
      const length = request.headers["content-length"];
      const hasBody = (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
      if (!hasBody) return done();
      const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") {
        return done(new ApiError(415, "unsupported_media_type", "The request body must be JSON (Content-Type: application/json)."));
      }
      done();
    });
  },
  { name: "security", dependencies: ["error-handler"] },
);
