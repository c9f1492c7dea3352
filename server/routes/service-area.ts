// GET /api/service_area/{zip-or-area}: always 200; unknown or malformed input is simply not served.
import fp from "fastify-plugin";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "#contract/calls";
import { lookupServiceArea } from "#domain/service-areas";

export default fp(
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
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
      async (request) => {
        const found = request.params.area.length <= 100 ? lookupServiceArea(request.params.area) : { available: false as const };
        if (found.available) return { available: true, area: found.area.name, deliveryTime: found.area.deliveryTime };
        return found.comingSoon ? { available: false, comingSoon: true, area: found.name } : { available: false };
      },
    );
  },
  { name: "service-area-routes", dependencies: ["database"] },
);
