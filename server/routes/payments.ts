// The checkout session of a sign-up and the billing-portal session of an active client.
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "../../src/contract/calls";
import { publicOrigin } from "../config";
import { ApiError } from "../errors";
import { pickupRules } from "../services/availability";
import { createSignupCheckout } from "../services/checkout";
import { findClient } from "../services/clients";
import { confirmWithProvider } from "../services/fulfilment";
import { errors } from "./schemas";

export default fp(
  async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const rules = pickupRules(app.config);
    const origin = publicOrigin(app.config);

    api.post(
      "/api/payments/create-checkout-session_signup",
      {
        schema: {
          summary: "Hold the two pickup days and open the provider's checkout",
          tags: ["sign-up"],
          body: calls.createCheckoutSession.body,
          response: { 200: calls.createCheckoutSession.response, ...errors(400, 409, 502) },
        },
      },
      async (request) => {
        const { checkoutUrl } = await createSignupCheckout(
          { db: app.database.db, provider: app.payments, rules, origin, now: app.now(), log: request.log },
          { client: request.body.client, successUrl: request.body.success_url, cancelUrl: request.body.cancel_url },
        );
        return { checkout_url: checkoutUrl };
      },
    );

    api.get(
      "/api/payments/create-portal-session/:email",
      {
        schema: {
          summary: "A billing-portal link for an active client",
          tags: ["after payment"],
          params: calls.createPortalSession.params,
          response: { 200: calls.createPortalSession.response, ...errors(400, 404) },
        },
      },
      async (request) => {
        const db = app.database.db;
        let client = await findClient(db, request.params.email);
        if (client && !client.isActive && (await confirmWithProvider(db, app.payments, client.id))) client = await findClient(db, request.params.email);
        if (!client?.isActive || !client.providerCustomerId) {
          throw new ApiError(404, "not_found", "No active subscription was found for this e-mail address.");
        }
        const { url } = await app.payments.createPortalSession({
          customerId: client.providerCustomerId,
          email: client.email,
          language: client.language,
          returnUrl: `${origin}/`,
        });
        return { portal_url: url };
      },
    );
  },
  { name: "payment-routes", dependencies: ["database", "payments"] },
);
