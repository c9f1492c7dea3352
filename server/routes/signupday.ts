// GET /api/signupday/{yyyy-mm-dd}: availability of the 7 days from that date.
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "#contract/calls";
import { availability, pickupRules } from "../services/availability";
import { errors } from "./schemas";

export default fp(
  async (app) => {
    const rules = pickupRules(app.config);
    app.withTypeProvider<ZodTypeProvider>().get(
      "/api/signupday/:id",
      {
        schema: {
          summary: "Pickup availability for the 7 days from a date",
          tags: ["sign-up"],
          params: calls.signupDay.params,
          response: { 200: calls.signupDay.response, ...errors(400) },
        },
      },
      async (request) => ({ availability: await availability(app.database.db, rules, request.params.id, app.now()) }),
    );
  },
  { name: "signupday-routes", dependencies: ["database"] },
);
