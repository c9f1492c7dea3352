// POST /api/order/create4customer: the order of a paid client for one of its pickup days (once per day).
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "#contract/calls";
import { createOrder } from "../services/clients";
import { requirePayingBrowser } from "../auth/paying-browser";
import { browserPayments } from "../payments/index";
import { errors } from "./schemas";
import { operatorContact } from "../services/operator-notices";

export default fp(
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      "/api/order/create4customer",
      {
        schema: {
          summary: "Create a paid client's order for one of its pickup days (idempotent)",
          tags: ["after payment"],
          body: calls.createOrder.body,
          response: { 200: calls.createOrder.response, ...errors(400, 409) },
        },
      },
      async (request, reply) => {
        const client = await requirePayingBrowser(app.database.db, browserPayments(app, reply), operatorContact(app.config), request, request.body.client_email, app.now());
        const created = await createOrder(app.database.db, client, request.body.date, request.body.createdBy);
        return { ok: true as const, created };
      },
    );
  },
  { name: "order-routes", dependencies: ["database", "payments"] },
);
