// Rate limits per client (an IPv4 address or an IPv6 /64, server/client-address.ts) on the calls a script could abuse (product.md SEC-1), shared through Redis
// when REDIS_URL is set; every other route is not counted at all.
import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from "fastify";
import { Redis } from "ioredis";
import { ApiError } from "../errors";
import { clientKey } from "../client-address";
import { memoryStore, redisStore, type RateLimitStore } from "../rate-limit-store";

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

type EmailOf = (request: FastifyRequest) => unknown;
const param: EmailOf = (r) => (r.params as { email?: unknown } | undefined)?.email;
const bodyField =
  (field: string): EmailOf =>
  (r) =>
    (r.body as Record<string, unknown> | undefined)?.[field];

/**
 * Every call keyed by an e-mail shares one limit (RATE_LIMIT_EMAIL_CALLS a minute), counted per client address
 * and per e-mail: a script can neither sweep addresses from one connection nor hammer one address from many.
 * Per e-mail, it counts client addresses, not calls: one connection (limited on its own) cannot use up an
 * e-mail's budget and so lock its owner out of the e-mail check, the sign-in link or the checkout.
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

const WINDOW_MS = 60_000;

/** The counter of one client address on one route (the address is the forwarded one under TRUST_PROXY). */
const addressKey = (ip: string | undefined, route: string) => `${clientKey(ip ?? "")}|${route}`;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Counts one call of a route of `limitedRoutes` from a client address, as the route's own hook does (for an
     * answer sent ahead of Fastify, server/first-answer.ts); `over` when the call is past the limit. A store
     * error lets the call through, as in the hook.
     */
    countCall(route: string, ip: string | undefined, counted: (over: boolean) => void): void;
  }
}

const asList = <T>(items: T | T[] | undefined): T[] => (items === undefined ? [] : Array.isArray(items) ? items : [items]);

export default fp(
  async (app) => {
    const { config } = app;
    let store: RateLimitStore = memoryStore();
    if (config.REDIS_URL) {
      // Fail fast and open: a Redis outage must not stall or refuse the site's calls.
      const redis = new Redis(config.REDIS_URL, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
      let lastError = "";
      redis.on("error", (error: Error) => {
        if (error.message !== lastError) app.log.warn({ err: error.message }, "Redis for rate limits unavailable; not limiting");
        lastError = error.message;
      });
      redis.on("ready", () => (lastError = ""));
      app.addHook("onClose", async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      store = redisStore(redis);
      // Counting starts once Redis answers: the server waits for it at most connectTimeout, then starts without it.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        redis.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }

    /** Counts one call on the key: `over` when past max, with the milliseconds left of its window. A store error lets the call through. */
    const countOver = (key: string, max: number, counted: (over: boolean, msLeft: number) => void) =>
      store.incr(key, WINDOW_MS, (error, calls, msLeft) => counted(!error && calls > max, msLeft));

    /** Counts one call on the key; past max, hands done a 429 and sets Retry-After. */
    const count = (key: string, max: number, reply: FastifyReply, done: (error?: ApiError) => void) =>
      countOver(key, max, (over, msLeft) => {
        if (!over) return done();
        const seconds = Math.max(1, Math.ceil(msLeft / 1000));
        void reply.header("retry-after", seconds);
        done(new ApiError(429, "rate_limited", `Too many requests. Please try again in ${seconds} seconds.`));
      });

    app.decorate("countCall", (route: string, ip: string | undefined, counted: (over: boolean) => void) => {
      const limit = limitedRoutes[route];
      if (!limit) return counted(false);
      countOver(addressKey(ip, route), config[limit], counted);
    });

    /** Counts a call on an e-mail's limit once per client address a window: the e-mail's limit is in addresses. */
    const countPerEmail = (scope: string, email: string, request: FastifyRequest, max: number, reply: FastifyReply, done: (error?: ApiError) => void) =>
      countOver(`${scope}|email|${email}|${clientKey(request.ip)}`, 1, (already) => (already ? done() : count(`${scope}|email|${email}`, max, reply, done)));

    // The shared e-mail limits are counted after validation (preHandler), when the e-mail is known.
    const emailCalls =
      (emailOf: EmailOf): preHandlerHookHandler =>
      (request, reply, done) =>
        count(`email-calls|ip|${clientKey(request.ip)}`, config.RATE_LIMIT_EMAIL_CALLS, reply, (error) => {
          const email = emailKey(emailOf(request));
          if (error || !email) done(error);
          else countPerEmail("email-calls", email, request, config.RATE_LIMIT_EMAIL_CALLS, reply, done);
        });
    const checkoutsPerEmail: preHandlerHookHandler = (request, reply, done) => {
      const email = emailKey(checkoutEmail(request));
      if (email) countPerEmail("checkout", email, request, config.RATE_LIMIT_CHECKOUT, reply, done);
      else done();
    };

    // The routes of the tables get their hooks when they are declared (the configuration is parsed once at
    // start-up); every other route has none at all.
    app.addHook("onRoute", (route) => {
      for (const method of asList(route.method)) {
        const key = `${method} ${route.url}`;
        const limit = limitedRoutes[key];
        if (limit) {
          const max = config[limit];
          const perAddress: onRequestHookHandler = (request, reply, done) => count(addressKey(request.ip, key), max, reply, done);
          route.onRequest = [...asList(route.onRequest), perAddress];
        }
        const emailOf = emailKeyedRoutes[key];
        if (emailOf) route.preHandler = [...asList(route.preHandler), emailCalls(emailOf)];
        else if (key === CHECKOUT_ROUTE) route.preHandler = [...asList(route.preHandler), checkoutsPerEmail];
      }
    });
  },
  { name: "rate-limit", dependencies: ["error-handler"] },
);
