// Rate limits per client address on the calls a script could abuse (decisions.md), shared through Redis
// when REDIS_URL is set; every other route is not counted at all.
import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";
import { ApiError } from "../errors";

type LimitKey =
  | "RATE_LIMIT_EMAIL_EXISTS"
  | "RATE_LIMIT_SERVICE_AREA"
  | "RATE_LIMIT_SIGNUPDAY"
  | "RATE_LIMIT_CONTACT_FORM"
  | "RATE_LIMIT_NEWSLETTER"
  | "RATE_LIMIT_CHECKOUT";

/** "METHOD route-url" → the configuration key of its limit a minute. */
export const limitedRoutes: Record<string, LimitKey> = {
  "GET /api/client/email_exists/:email": "RATE_LIMIT_EMAIL_EXISTS",
  "GET /api/service_area/:area": "RATE_LIMIT_SERVICE_AREA",
  "GET /api/signupday/:id": "RATE_LIMIT_SIGNUPDAY",
  "POST /api/contact_form": "RATE_LIMIT_CONTACT_FORM",
  "POST /api/newsletter": "RATE_LIMIT_NEWSLETTER",
  "POST /api/payments/create-checkout-session_signup": "RATE_LIMIT_CHECKOUT",
};

const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ""}`;

export function limitFor(config: Config, request: FastifyRequest): number | undefined {
  const key = limitedRoutes[routeKey(request)];
  return key ? config[key] : undefined;
}

export default fp(
  async (app) => {
    const { config } = app;
    let redis: Redis | undefined;
    if (config.REDIS_URL) {
      // Fail fast and open: a Redis outage must not stall or refuse the site's calls.
      redis = new Redis(config.REDIS_URL, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
      let lastError = "";
      redis.on("error", (error: Error) => {
        if (error.message !== lastError) app.log.warn({ err: error.message }, "Redis for rate limits unavailable; not limiting");
        lastError = error.message;
      });
      redis.on("ready", () => (lastError = ""));
      app.addHook("onClose", async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }

    await app.register(rateLimit, {
      global: true,
      timeWindow: 60_000,
      // Only the routes of the table are counted; the others skip the store entirely.
      allowList: (request) => limitFor(config, request) === undefined,
      max: (request) => limitFor(config, request) ?? 1_000_000,
      // One counter per client address and route (the address is the forwarded one under TRUST_PROXY).
      keyGenerator: (request) => `${request.ip}|${routeKey(request)}`,
      redis,
      nameSpace: "freshfold:rate-limit:",
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, "rate_limited", `Too many requests. Please try again in ${context.after}.`),
    });
  },
  { name: "rate-limit", dependencies: ["error-handler"] },
);
