// The sandbox provider's hosted pages: /sandbox/checkout/{id}, /sandbox/portal/{id} and their stylesheet.
// Registered only when the sandbox is the active provider. Encapsulated (not fastify-plugin): the form parser
// below applies to these routes only, the API stays JSON-only.
import { readFileSync } from "node:fs";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { publicOrigin } from "../config";
import { homeAddress, siteAddress } from "../auth/portal-access";
import type { Language } from "#contract/common";
import { fulfilPaidCheckout } from "../services/fulfilment";
import { applySubscriptionState, clientOfSubscription, comingPickups } from "../services/subscription-state";
import { todayInServiceZone } from "../services/dates";
import { SandboxPaymentProvider } from "./sandbox";
import { serverI18n } from "../i18n";
import { safeError } from "../safe-log";
import { operatorContact } from "../services/operator-notices";
import {
  cancelConfirmPage,
  checkoutExpiredPage,
  checkoutPage,
  invoicesUntil,
  nextRenewalDate,
  notFoundPage,
  portalExpiredPage,
  portalPage,
} from "./sandbox-pages";

const stylesheet = readFileSync(new URL("./sandbox.css", import.meta.url), "utf8");

/** A sandbox page: never stored, never in search (its head says noindex too; robots.txt keeps crawlers off /sandbox/). */
const sendPage = (reply: FastifyReply, status: number, page: string) =>
  reply.status(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").header("x-robots-tag", "noindex").send(page);

/** The visitor's language when there is no session to tell it: Spanish when the browser asks for it first. */
const preferredLanguage = (acceptLanguage: string | undefined): Language => (/^\s*es\b/i.test(acceptLanguage ?? "") ? "es" : "en");

type IdParams = { Params: { id: string } };
type PayRequest = IdParams & { Body: { card?: string } | undefined };

const sandboxRoutes: FastifyPluginAsync = async (app) => {
  if (!(app.payments instanceof SandboxPaymentProvider)) return;
  const provider: SandboxPaymentProvider = app.payments;
  const home = (language: Language) => homeAddress(publicOrigin(app.config), language);
  // An expired checkout's way back: step 6 with the tab's saved form, without the cancel address's rollback.
  const signupAgain = (language: Language) => `${siteAddress(publicOrigin(app.config), "/signup", language)}?resume=1`;
  const hide = { schema: { hide: true } };

  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get("/sandbox/assets/sandbox.css", hide, async (_request, reply) =>
    reply.header("content-type", "text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(stylesheet),
  );

  app.get<IdParams>("/sandbox/checkout/:id", hide, async (request, reply) => {
    const session = await provider.checkoutSession(request.params.id);
    if (!session) {
      const language = preferredLanguage(request.headers["accept-language"]);
      return sendPage(reply, 404, notFoundPage(await serverI18n("payments", language), language, home(language)));
    }
    const i18n = await serverI18n("payments", session.language);
    if (session.status === "complete") {
      const paid = await provider.pay(session.id, "");
      if (paid.outcome === "paid") return reply.redirect(paid.successUrl, 303);
    }
    if (session.status === "expired") return sendPage(reply, 410, checkoutExpiredPage(i18n, session.language, signupAgain(session.language)));
    return sendPage(reply, 200, checkoutPage(i18n, session.language, { id: session.id, email: session.email, renewalDate: session.renewalDate, cancelUrl: session.cancelUrl }));
  });

  app.post<PayRequest>("/sandbox/checkout/:id/pay", hide, async (request, reply) => {
    const card = typeof request.body?.card === "string" ? request.body.card.slice(0, 40) : "";
    const result = await provider.pay(request.params.id, card);
    if (result.outcome === "not_found") {
      const language = preferredLanguage(request.headers["accept-language"]);
      return sendPage(reply, 404, notFoundPage(await serverI18n("payments", language), language, home(language)));
    }
    const session = (await provider.checkoutSession(request.params.id))!;
    const i18n = await serverI18n("payments", session.language);
    if (result.outcome === "paid") {
      // The provider's confirmation: fulfil now. Were this to fail, the success page's calls confirm and fulfil.
      try {
        await fulfilPaidCheckout(app.database.db, { sessionId: session.id, customerId: result.customerId, subscriptionId: result.subscriptionId, operator: operatorContact(app.config) });
      } catch (error) {
        request.log.error({ err: safeError(error), sessionId: session.id }, "fulfilment after sandbox payment failed");
      }
      return reply.redirect(result.successUrl, 303);
    }
    if (result.outcome === "expired") return sendPage(reply, 410, checkoutExpiredPage(i18n, session.language, signupAgain(session.language)));
    const view = { id: session.id, email: session.email, renewalDate: session.renewalDate, cancelUrl: session.cancelUrl, card, error: result.outcome };
    return sendPage(reply, result.outcome === "declined" ? 402 : 400, checkoutPage(i18n, session.language, view));
  });

  async function renderPortal(id: string, acceptLanguage: string | undefined, reply: FastifyReply, justCanceled = false) {
    const found = await provider.portal(id);
    if (!found?.subscription) {
      const language = preferredLanguage(acceptLanguage);
      return sendPage(reply, 404, notFoundPage(await serverI18n("payments", language), language, home(language)));
    }
    const { portal, subscription } = found;
    const i18n = await serverI18n("payments", portal.language);
    if (found.expired) return sendPage(reply, 410, portalExpiredPage(i18n, portal.language, portal.returnUrl));
    const today = todayInServiceZone(app.now());
    const canceledOn = subscription.canceledAt ? todayInServiceZone(subscription.canceledAt) : undefined;
    return sendPage(
      reply,
      200,
      portalPage(i18n, portal.language, {
        id: portal.id,
        email: subscription.email,
        status: subscription.status,
        canceledOn,
        nextRenewal: nextRenewalDate(subscription.renewalDate, today),
        weeklyCents: subscription.weeklyCents,
        cardBrand: subscription.cardBrand,
        cardLast4: subscription.cardLast4,
        invoices: invoicesUntil({
          paidOn: todayInServiceZone(subscription.createdAt),
          renewalDate: subscription.renewalDate,
          today,
          endedOn: canceledOn,
          firstCents: subscription.firstChargeCents,
          weeklyCents: subscription.weeklyCents,
        }),
        returnUrl: portal.returnUrl,
        justCanceled,
      }),
    );
  }

  app.get<IdParams & { Querystring: { canceled?: string } }>("/sandbox/portal/:id", hide, async (request, reply) =>
    renderPortal(request.params.id, request.headers["accept-language"], reply, request.query.canceled === "1"),
  );

  // The portal's Cancel button: a confirmation that says what happens, whose button posts the cancellation.
  app.get<IdParams>("/sandbox/portal/:id/cancel", hide, async (request, reply) => {
    const found = await provider.portal(request.params.id);
    if (!found?.subscription || found.expired || found.subscription.status !== "active") {
      return renderPortal(request.params.id, request.headers["accept-language"], reply);
    }
    const { portal, subscription } = found;
    const client = await clientOfSubscription(app.database.db, subscription.id);
    const paidPickups = client ? await comingPickups(app.database.db, client.id, todayInServiceZone(app.now())) : [];
    const i18n = await serverI18n("payments", portal.language);
    return sendPage(reply, 200, cancelConfirmPage(i18n, portal.language, { id: portal.id, weeklyCents: subscription.weeklyCents, paidPickups }));
  });

  app.post<IdParams>("/sandbox/portal/:id/cancel", hide, async (request, reply) => {
    const found = await provider.portal(request.params.id);
    if (!found?.subscription || found.expired) return renderPortal(request.params.id, request.headers["accept-language"], reply);
    const subscriptionId = found.subscription.id;
    // The cancellation and its effect on our side (the subscription rule: the client becomes inactive, the e-mail
    // is queued) commit together: no webhook retries here, so a crash between them would leave a cancelled plan
    // whose client still counts as paying. Both steps are no-ops when already done; a second submit waits on the
    // subscription's row lock and finds both done.
    await app.database.db.transaction(async (tx) => {
      await provider.cancelSubscription(subscriptionId, tx);
      const cancelled = await provider.getSubscription(subscriptionId, tx);
      if (cancelled) await applySubscriptionState(tx, provider.name, cancelled, app.now());
    });
    return reply.redirect(`/sandbox/portal/${encodeURIComponent(found.portal.id)}?canceled=1`, 303);
  });
};

export default sandboxRoutes;
