// The checkout session of a sign-up and the billing-portal session of a client holding a subscription (served, or
// suspended until it pays: decision 023).
// The checkout sets the paying browser's cookie (server/auth/ownership.ts); the portal opens only with a proof of
// ownership (that cookie, the welcome e-mail's sealed token or an e-mailed sign-in link) and otherwise answers
// { "sent": true } for every address, e-mailing a sign-in link when the address has a subscription.
// POST /api/payments/portal-session opens it from an e-mailed link's token alone (the links carry no address).
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "#contract/calls";
import { publicOrigin } from "../config";
import { pickupRules } from "../services/availability";
import { createSignupCheckout } from "../services/checkout";
import { findClient } from "../services/clients";
import type { ClientRow } from "../db/schema";
import { addressKey, newOwnerToken, ownedCheckout, paidForCurrentPlan, setCheckoutCookie } from "../auth/ownership";
import { homeAddress, openWelcomeToken, redeemSignInLink, redeemSignInToken, releaseSignInToken, sendSignInLink, verifyWelcomeToken } from "../auth/portal-access";
import { browserPayments } from "../payments/index";
import { errors } from "./schemas";
import { clientKey } from "../client-address";
import { operatorContact } from "../services/operator-notices";
import { holdsSubscription } from "../services/subscription-state";

export default fp(
  async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // The keyed hash of the requesting client address (an IPv4 address or an IPv6 /64), never the address itself: the
    // open-checkout cap and the sign-in links' daily count key by the same value.
    const requestAddressKey = (request: FastifyRequest) => addressKey(app.trust.secret, clientKey(request.ip));
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
          { db: app.database.db, provider: browserPayments(app, reply), rules, origin, now: app.now(), log: request.log, operator: operatorContact(app.config) },
          {
            client: request.body.client,
            successUrl: request.body.success_url,
            cancelUrl: request.body.cancel_url,
            owner: { ownerHash: owner.hash, addressKey: requestAddressKey(request), maxOpenPerAddress: app.config.CHECKOUT_OPEN_PER_ADDRESS },
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
      async (request, reply) => {
        const db = app.database.db;
        const { email } = request.params;
        const { token, requestId } = request.query;
        const now = app.now();
        const owned = token ? null : await ownedCheckout(db, request, email, now);
        const signedIn = token?.startsWith("s.") === true && (await redeemSignInToken(db, token, email, now));
        const proven =
          (token?.startsWith("w.") && verifyWelcomeToken(app.trust.secret, token, email, now)) || signedIn || (owned !== null && paidForCurrentPlan(owned));
        const client = await findClient(db, email);
        if (!proven) return neutral(client, request, requestId);
        return signedIn ? openPortalWithLink(token!, now, client, reply) : openPortal(client, reply);
      },
    );

    api.post(
      "/api/payments/portal-session",
      {
        schema: {
          summary: "A billing-portal link from an e-mailed link's token alone, otherwise the neutral answer",
          tags: ["after payment"],
          body: calls.portalSession.body,
          response: { 200: calls.portalSession.response, ...errors(400) },
        },
      },
      async (request, reply) => {
        const db = app.database.db;
        const { token } = request.body;
        const now = app.now();
        // The token names its customer: a welcome token by its sealed address, a sign-in token by its row.
        let proven = false;
        let client: ClientRow | undefined;
        if (token.startsWith("w.")) {
          const welcome = openWelcomeToken(app.trust.secret, token, now);
          proven = welcome?.valid ?? false;
          client = welcome ? await findClient(db, welcome.email) : undefined;
        } else if (token.startsWith("s.")) {
          const signIn = await redeemSignInLink(db, token, now);
          if (signIn.redeemed) return openPortalWithLink(token, now, signIn.client, reply);
          client = signIn.client;
        }
        return proven ? openPortal(client, reply) : neutral(client, request);
      },
    );

    /**
     * The portal for a proven client holding a subscription: served, or suspended until it pays (decision 023: the
     * portal is where it updates its card and pays, or cancels); otherwise the neutral answer.
     */
    async function openPortal(client: ClientRow | undefined, reply: FastifyReply) {
      if (!client?.providerCustomerId || !(await holdsSubscription(app.database.db, client))) return neutral(client, reply.request);
      const { url } = await browserPayments(app, reply).createPortalSession({
        customerId: client.providerCustomerId,
        email: client.email,
        language: client.language,
        returnUrl: homeAddress(origin, client.language),
      });
      return { portal_url: url };
    }

    /**
     * The portal for a sign-in link this request used at `usedAt`: should the provider fail to make it, the link is
     * unused again (the failure was ours), so the customer's retry with it opens the portal. A crash in between
     * leaves it used; the customer then asks for a new one.
     */
    async function openPortalWithLink(token: string, usedAt: Date, client: ClientRow | undefined, reply: FastifyReply) {
      try {
        return await openPortal(client, reply);
      } catch (error) {
        await releaseSignInToken(app.database.db, token, usedAt);
        throw error;
      }
    }

    /**
     * No proof (or no subscription behind it): one answer for every address, token and request key; a customer
     * gets a fresh sign-in link (a few a day per requesting client address, so a stranger's requests cannot use up
     * the customer's), or none for a repeat of a request that already sent one.
     */
    async function neutral(client: ClientRow | undefined, request: FastifyRequest, requestId?: string) {
      if (client && (await holdsSubscription(app.database.db, client))) {
        const from = { addressKey: requestAddressKey(request), perDay: app.config.SIGN_IN_LINKS_PER_DAY };
        await sendSignInLink(app.database.db, app.trust.secret, client, app.now(), from, requestId);
      }
      return { sent: true as const };
    }
  },
  { name: "payment-routes", dependencies: ["database", "payments", "trust"] },
);
