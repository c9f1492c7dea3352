// Builds the server as a tree of plugins: external plugins, then the project's, then routes.
import Fastify, { type FastifyReply, type FastifyServerOptions } from "fastify";
import { createServer, type ServerOptions } from "node:http";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { fileURLToPath } from "node:url";
import type { Config } from "./config";
import { errorBody } from "./errors";
import { redactedLoggerOptions } from "./logging";
import type { DatabaseHandle } from "./db/index";
import errorHandler from "./plugins/error-handler";
import badBytes from "./plugins/bad-bytes";
import database from "./plugins/database";
import site from "./plugins/site";
import type { FirstAnswer } from "./first-answer";
import mail from "./mail/plugin";
import trust from "./auth/plugin";
import security from "./plugins/security";
import rateLimits from "./plugins/rate-limit";
import health from "./routes/health";
import payments from "./payments/index";
import type { PaymentProvider } from "./payments/provider";
import sandboxRoutes from "./payments/sandbox-routes";
import reconcile from "./services/reconcile-plugin";
import openapi from "./routes/openapi";
import serviceAreaRoutes from "./routes/service-area";
import signupdayRoutes from "./routes/signupday";
import clientRoutes from "./routes/clients";
import orderRoutes from "./routes/orders";
import paymentRoutes from "./routes/payments";
import contactRoutes from "./routes/contact";

/**
 * Where the built site lies relative to this module: the server bundle (scripts/build-server.mjs, in
 * dist/server/) defines it; from the sources (tsx, tests) it is ../dist.
 */
declare const __SITE_ROOT__: string | undefined;
const defaultSiteRoot = () => fileURLToPath(new URL(typeof __SITE_ROOT__ === "string" ? __SITE_ROOT__ : "../dist", import.meta.url));

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** The clock of every date rule ("today" in America/New_York, hold expiry); tests inject their own. */
    now: () => Date;
  }
}

export interface AppOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise opened from the configuration. */
  database?: DatabaseHandle;
  /** Folder of the built site; defaults to dist/. */
  siteRoot?: string;
  logger?: FastifyServerOptions["logger"];
  /** A payment provider of the caller's (tests); otherwise Stripe or the sandbox by configuration. */
  payments?: PaymentProvider;
  /** A clock of the caller's (tests); otherwise the system clock. */
  now?: () => Date;
}

/**
 * The server's logger: no personal data in a log line or error report. A request's line names its route with any
 * e-mail in the path or query masked; e-mails, phones and the fields holding names and street addresses are
 * redacted everywhere (server/logging.ts).
 */
export function loggerOptions(config: Config) {
  return redactedLoggerOptions(config.LOG_LEVEL);
}

export async function buildApp({ config, database: handle, siteRoot, logger, payments: provider, now }: AppOptions) {
  const firstAnswers: FirstAnswer[] = [];
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // A path parameter may be an e-mail address of up to 254 characters, percent-escaped (3 characters each):
    // the router's default of 100 answered such an address "no route" on every call that names it.
    routerOptions: { maxParamLength: 1024 },
    // Opening the database may create it (PGlite's initdb, ~3.5 s of CPU, when there is no template, as
    // under tsx): on a loaded 2-core machine that outlasts Fastify's default 10 s, and the server would exit.
    pluginTimeout: 120_000,
    // A malformed URL (bad percent-encoding) is the client's mistake: the error shape, 400.
    frameworkErrors: (error, _request, reply) => {
      const answer = reply as unknown as FastifyReply;
      // Answered before the onRequest hooks, which set the security headers on every other answer.
      if (app.hasDecorator("securityHeaders")) answer.headers(app.securityHeaders);
      void answer.code(400).send(errorBody("bad_request", error.message));
    },
    // Fastify's own HTTP server (lib/server.js, its settings included), with the site's files and pages and a ZIP
    // code's service-area answer sent first, from memory (server/first-answer.ts). app.inject() goes through
    // Fastify's routes only.
    serverFactory: (handler, settings) => {
      const options = settings as { http?: ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
      const server = createServer(options.http ?? {}, (request, response) => {
        for (const answer of firstAnswers) if (answer(request, response, handler)) return;
        handler(request, response);
      });
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("now", now ?? (() => new Date()));

  await app.register(errorHandler);
  await app.register(badBytes);
  await app.register(security);
  await app.register(rateLimits);
  await app.register(database, { handle, url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await app.register(trust);
  await app.register(mail);
  await app.register(payments, { provider });
  await app.register(reconcile);
  await app.register(openapi);
  await app.register(health);
  await app.register(serviceAreaRoutes, { serveFirst: (answer) => firstAnswers.push(answer) });
  await app.register(signupdayRoutes);
  await app.register(clientRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(contactRoutes);
  await app.register(sandboxRoutes);
  // Stripe's webhook exists only when Stripe is the provider; it parses its own raw JSON body.
  // Imported only then: Stripe's package is a large part of a start-up's module loading.
  if (config.STRIPE_SECRET_KEY) await app.register(import("./routes/stripe-webhook"), { prefix: "/api" });
  await app.register(site, { root: siteRoot ?? config.SITE_ROOT ?? defaultSiteRoot(), serveFirst: (answer) => firstAnswers.push(answer) });
  return app;
}
