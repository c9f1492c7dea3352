// GET /api/service_area/{zip-or-area}: always 200; unknown or malformed input is simply not served.
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { calls } from "#contract/calls";
import { lookupServiceArea } from "#domain/service-areas";
import { requestAddress } from "../client-address";
import { answerLog, type FirstAnswer } from "../first-answer";

/** What the call answers for `area` (any string: malformed input is simply not served). */
function serviceAreaAnswer(area: string) {
  const found = area.length <= 100 ? lookupServiceArea(area) : { available: false as const };
  if (found.available) return { available: true, area: found.area.name, deliveryTime: found.area.deliveryTime };
  return found.comingSoon ? { available: false, comingSoon: true, area: found.name } : { available: false };
}

/**
 * Each answer as sent, by the area asked for: the same for everyone and fixed by the code, so checked against the
 * response schema and serialized once (the schema and serialization were most of a call's own work). At most
 * 1,000 kept; the ZIPs and names people type are far fewer.
 */
const sentAnswers = new Map<string, string>();
function sentAnswer(area: string): string {
  let json = sentAnswers.get(area);
  if (json === undefined) {
    if (sentAnswers.size >= 1000) sentAnswers.clear();
    json = JSON.stringify(calls.serviceArea.response.parse(serviceAreaAnswer(area)));
    sentAnswers.set(area, json);
  }
  return json;
}

const JSON_TYPE = "application/json; charset=utf-8";
/** The call's address, from its one home (the contract), and what the fast path below derives from it. */
const PATH = `/api${calls.serviceArea.path}`;
const ROUTE = `${calls.serviceArea.method} ${PATH}`;
const PREFIX = PATH.slice(0, PATH.indexOf(":area"));
const ZIP_CALL = new RegExp(`^${PREFIX}\\d{5}$`);

/**
 * The route below for a GET of a five-digit ZIP code (the home page's check, the one call every visitor makes),
 * sent ahead of Fastify's routing with what the route sends: the security headers, the same answer, its rate
 * limit counted under the same key. Anything else asked goes on to the route, and so does a call past the limit
 * (the route counts it again, still past, and answers the 429 as for every limited call).
 */
function firstAnswer(app: FastifyInstance): FirstAnswer {
  const security = Object.entries(app.securityHeaders).flat();
  const addressOf = requestAddress(app.config.TRUST_PROXY);
  const log = answerLog(app);
  return (request, response, toFastify) => {
    const url = request.url ?? "";
    if (request.method !== "GET" || !ZIP_CALL.test(url)) return false;
    const started = performance.now();
    app.countCall(ROUTE, addressOf(request), (over) => {
      if (over) return toFastify(request, response);
      const body = sentAnswer(url.slice(PREFIX.length));
      response.writeHead(200, [...security, "content-type", JSON_TYPE, "content-length", String(Buffer.byteLength(body))]);
      response.end(body);
      log?.(request, response, started);
    });
    return true;
  };
}

export default fp<{ serveFirst?: (answer: FirstAnswer) => void }>(
  async (app, { serveFirst }) => {
    // Without the zod type provider: its reply typing would not take the answer as sent (a string).
    app.get<{ Params: { area: string } }>(
      PATH,
      {
        schema: {
          summary: "Whether a ZIP code or area name is served",
          tags: ["sign-up"],
          // Any string: malformed input answers { available: false }, never an error.
          params: z.object({ area: z.string() }),
          response: { 200: calls.serviceArea.response },
        },
      },
      // A JSON string is sent as it is: the route's response schema serves the API's description here.
      (request, reply) => reply.type(JSON_TYPE).send(sentAnswer(request.params.area)),
    );
    serveFirst?.(firstAnswer(app));
  },
  { name: "service-area-routes", dependencies: ["database", "security", "rate-limit"] },
);
