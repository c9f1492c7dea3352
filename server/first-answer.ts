// Answers sent ahead of Fastify's routing by the server app.ts makes: the build's files and pages (plugins/site.ts)
// and a ZIP code's service-area answer (routes/service-area.ts). app.inject() never goes through them.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers a request before Fastify sees it and returns true, or returns false to leave it to Fastify. An answer
 * that waits for something (a rate-limit count in Redis) returns true and may still hand the request to
 * `toFastify` later.
 */
export type FirstAnswer = (request: IncomingMessage, response: ServerResponse, toFastify: Handler) => boolean;

/**
 * Logs an answer sent ahead of Fastify in one line, as Fastify logs a request ("request completed"); undefined
 * at the levels where Fastify logs no request either.
 */
export function answerLog(app: FastifyInstance) {
  const { log } = app;
  if (!["info", "debug", "trace"].includes(log.level)) return undefined;
  const forwarded = app.config.TRUST_PROXY !== false;
  return (request: IncomingMessage, response: ServerResponse, started: number) =>
    log.info(
      {
        req: { method: request.method, url: request.url, hostname: request.headers.host, ip: request.socket.remoteAddress },
        ...(forwarded ? { forwardedFor: request.headers["x-forwarded-for"] } : {}),
        res: { statusCode: response.statusCode },
        responseTime: performance.now() - started,
      },
      "request completed",
    );
}
