// Security headers (helmet with the Content-Security-Policy of product.md SEC-2 and decision 004) and
// JSON-only request bodies on the API.
import fp from "fastify-plugin";
import helmet from "@fastify/helmet";
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

export default fp(
  async (app) => {
    const { config } = app;
    const https = publicOrigin(config).startsWith("https:");
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // Only over HTTPS; a plain-HTTP development server must not pin browsers to HTTPS.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: a Maps key restricted to our site's referrer needs the origin sent.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });

    // The API takes JSON only; anything else is 415 before it is read (the Stripe webhook is JSON too).
    app.addHook("onRequest", async (request) => {
      if (!bodyMethods.has(request.method) || !request.url.startsWith("/api/")) return;
      const length = request.headers["content-length"];
      const hasBody = (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
      if (!hasBody) return;
      const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") {
        throw new ApiError(415, "unsupported_media_type", "The request body must be JSON (Content-Type: application/json).");
      }
    });
  },
  { name: "security", dependencies: ["error-handler"] },
);
