// The checkout session of a sign-up and the billing-portal session of an active client.
// The checkout sets the paying browser's cookie (server/auth/ownership.ts); the portal opens only with a proof of
// ownership (that cookie, the welcome e-mail's signed token or an e-mailed sign-in link) and otherwise answers
// { "sent": true } for every address, e-mailing a sign-in link when the address has a subscription.
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "../../src/contract/calls";
import { publicOrigin } from "../config";
import { pickupRules } from "../services/availability";
import { createSignupCheckout } from "../services/checkout";
import { findClient } from "../services/clients";
import { addressKey, newOwnerToken, ownedCheckout, setCheckoutCookie } from "../auth/ownership";
import { homeAddress, redeemSignInToken, sendSignInLink, verifyWelcomeToken } from "../auth/portal-access";
import { errors } from "./schemas";

export default fp(
  async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const rules = pickupRules(app.config);
    const origin = publicOrigin(app.config);
    const secureCookie = origin.startsWith("https:");

    api.post(
      "/api/payments/create-checkout-session_signup",
      {
        schema: {
          summary: "Hold the two pickup days and open the provider's checkout",
          tags: ["sign-up"],
          body: calls.createCheckoutSession.body,
          response: { 200: calls.createCheckoutSession.response, ...errors(400, 409, 429, 502) },
        },
      },
      async (request, reply) => {
        const owner = newOwnerToken();
        const { checkoutUrl } = await createSignupCheckout(
          { db: app.database.db, provider: app.payments, rules, origin, now: app.now(), log: request.log },
          {
            client: request.body.client,
            successUrl: request.body.success_url,
            cancelUrl: request.body.cancel_url,
            owner: { ownerHash: owner.hash, addressKey: addressKey(app.trust.secret, request.ip), maxOpenPerAddress: app.config.CHECKOUT_OPEN_PER_ADDRESS },
          },
        );
        setCheckoutCookie(reply, owner.token, secureCookie);
        return { checkout_url: checkoutUrl };
      },
    );

    api.get(
      "/api/payments/create-portal-session/:email",
      {
        schema: {
          summary: "A billing-portal link for the customer (with proof), otherwise an e-mailed sign-in link",
          tags: ["after payment"],
          params: calls.createPortalSession.params,
          querystring: calls.createPortalSession.querystring,
          response: { 200: calls.createPortalSession.response, ...errors(400) },
        },
      },
      async (request) => {
        const db = app.database.db;
        const { email } = request.params;
        const token = request.query.token;
        const now = app.now();
        const proven =
          (token?.startsWith("w.") && verifyWelcomeToken(app.trust.secret, token, email, now)) ||
          (token?.startsWith("s.") && (await redeemSignInToken(db, token, email, now))) ||
          (!token && (await ownedCheckout(db, request, email))?.checkout.status === "paid");
        const client = await findClient(db, email);
        if (proven && client?.isActive && client.providerCustomerId) {
          const { url } = await app.payments.createPortalSession({
            customerId: client.providerCustomerId,
            email: client.email,
            language: client.language,
            returnUrl: homeAddress(origin, client.language),
          });
          return { portal_url: url };
        }
        // No proof (or no subscription behind it): one answer for every address; the customer gets a link.
        if (client?.isActive) await sendSignInLink(db, app.trust.secret, client, now, app.config.SIGN_IN_LINKS_PER_DAY);
        return { sent: true as const };
      },
    );
  },
  { name: "payment-routes", dependencies: ["database", "payments", "trust"] },
);
