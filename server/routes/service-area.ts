// GET /api/service_area/{zip-or-area}: always 200; unknown or malformed input is simply not served.
import fp from "fastify-plugin";
import { z } from "zod";
import { calls } from "#contract/calls";
import { lookupServiceArea } from "#domain/service-areas";

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

export default fp(
  async (app) => {
    // Without the zod type provider: its reply typing would not take the answer as sent (a string).
    app.get<{ Params: { area: string } }>(
      "/api/service_area/:area",
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
      (request, reply) => reply.type("application/json; charset=utf-8").send(sentAnswer(request.params.area)),
    );
  },
  { name: "service-area-routes", dependencies: ["database"] },
);
