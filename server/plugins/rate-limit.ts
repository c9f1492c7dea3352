// Rate limits per client (an IPv4 address or an IPv6 /64, server/client-address.ts) on the calls a script could abuse (product.md SEC-1), shared through Redis
// when REDIS_URL is set; every other route is not counted at all.
import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { ApiError } from "../errors";
import { clientKey } from "../client-address";

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

type EmailOf = (request: FastifyRequest) => unknown;
const param: EmailOf = (r) => (r.params as { email?: unknown } | undefined)?.email;
const bodyField =
  (field: string): EmailOf =>
  (r) =>
    (r.body as Record<string, unknown> | undefined)?.[field];

/**
 * Every call keyed by an e-mail shares one limit (RATE_LIMIT_EMAIL_CALLS a minute), counted per client address
 * and per e-mail: a script can neither sweep addresses from one connection nor hammer one address from many.
 */
export const emailKeyedRoutes: Record<string, EmailOf> = {
  "GET /api/client/email_exists/:email": param,
  "POST /api/client/register/new": bodyField("email"),
  "PUT /api/client/update_by_email": bodyField("email"),
  "GET /api/client/delete_by_email/:email": param,
  "GET /api/client/set_active/:email": param,
  "POST /api/client/send_welcome_email": (r) => (r.query as { email?: unknown } | undefined)?.email,
  "POST /api/order/create4customer": bodyField("client_email"),
  "GET /api/payments/create-portal-session/:email": param,
  // Its sibling from a token alone: no e-mail in the call, counted per client address only.
  "POST /api/payments/portal-session": () => undefined,
  "POST /api/waitlist": bodyField("email"),
};

/** The checkout also counts per e-mail (RATE_LIMIT_CHECKOUT), besides per address (the table above). */
const checkoutEmail: EmailOf = (r) => ((r.body as { client?: { email?: unknown } } | undefined)?.client ?? {}).email;
const CHECKOUT_ROUTE = "POST /api/payments/create-checkout-session_signup";

const emailKey = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase().slice(0, 254) : "");

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

    // The routes of the tables get their hooks when they are declared; every other route has none at all (no
    // rate-limit hook on a page or a file, where a global hook cost each request its allow-list check).
    app.addHook("onRoute", (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        const limit = limitedRoutes[key];
        // Read when the route is declared: the configuration is parsed once at start-up.
        if (limit) route.config = { ...route.config, rateLimit: { max: config[limit], timeWindow: 60_000 } };
        if (emailKeyedRoutes[key] || key === CHECKOUT_ROUTE) {
          const hooks = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
          route.preHandler = [...hooks, emailLimits];
        }
      }
    });

    await app.register(rateLimit, {
      global: false,
      timeWindow: 60_000,
      // One counter per client address and route (the address is the forwarded one under TRUST_PROXY).
      keyGenerator: (request) => `${clientKey(request.ip)}|${routeKey(request)}`,
      redis,
      nameSpace: "freshfold:rate-limit:",
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, "rate_limited", `Too many requests. Please try again in ${context.after}.`),
    });

    // The shared e-mail limits: counted after validation (preHandler), when the e-mail is known.
    const counter = (max: () => number) =>
      app.createRateLimit({ max: () => max(), timeWindow: 60_000, allowList: () => false, keyGenerator: (r) => String((r as { limitKey?: string }).limitKey) });
    const emailCalls = counter(() => config.RATE_LIMIT_EMAIL_CALLS);
    const checkoutsPerEmail = counter(() => config.RATE_LIMIT_CHECKOUT);
    const check = async (limiter: ReturnType<typeof counter>, request: FastifyRequest, key: string) => {
      (request as { limitKey?: string }).limitKey = key;
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new ApiError(429, "rate_limited", `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`);
      }
    };
    async function emailLimits(request: FastifyRequest) {
      const route = routeKey(request);
      const emailOf = emailKeyedRoutes[route];
      if (emailOf) {
        await check(emailCalls, request, `email-calls|ip|${clientKey(request.ip)}`);
        const email = emailKey(emailOf(request));
        if (email) await check(emailCalls, request, `email-calls|email|${email}`);
      } else if (route === CHECKOUT_ROUTE) {
        const email = emailKey(checkoutEmail(request));
        if (email) await check(checkoutsPerEmail, request, `checkout|email|${email}`);
      }
    }
  },
  { name: "rate-limit", dependencies: ["error-handler"] },
);
