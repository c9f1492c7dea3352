// POST /api/payments/webhook: Stripe's events. The signature is checked on the raw body, so this route lives
// in its own encapsulated plugin whose JSON parser keeps the bytes (the rest of the API parses JSON as usual).
// Each event is applied at most once: its id goes into payment_events in the same transaction as its effect.
import fp from "fastify-plugin";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../errors";
import { safeError } from "../safe-log";
import { paymentEvents } from "../db/schema";
import { deactivateSubscription, fulfilPaidCheckout } from "../services/fulfilment";
import type { Db } from "../services/db";

export const STRIPE_WEBHOOK_PATH = "/payments/webhook";
/** Stripe's events are a few kilobytes; this leaves room without accepting anything huge. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

type Outcome = "fulfilled" | "already_fulfilled" | "deactivated" | "already_inactive" | "pending" | "ignored" | "unknown";

const idOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : value && typeof value === "object" && "id" in value && typeof value.id === "string" ? value.id : undefined;

/** The effect of one verified event, inside the transaction that records it. */
async function apply(tx: Db, event: Stripe.Event): Promise<{ outcome: Outcome; objectId?: string }> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; its async_payment_succeeded event fulfils it.
      if (event.type === "checkout.session.completed" && session.payment_status === "unpaid") {
        return { outcome: "pending", objectId: session.id };
      }
      const result = await fulfilPaidCheckout(tx, {
        sessionId: session.id,
        customerId: idOf(session.customer) ?? null,
        subscriptionId: idOf(session.subscription) ?? null,
      });
      return { outcome: result.outcome === "unknown_session" ? "unknown" : result.outcome, objectId: session.id };
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const clientId = Number(subscription.metadata?.clientId);
      const result = await deactivateSubscription(tx, {
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer) ?? null,
        clientId: Number.isInteger(clientId) && clientId > 0 ? clientId : null,
      });
      return { outcome: result.outcome, objectId: subscription.id };
    }
    default:
      return { outcome: "ignored", objectId: idOf((event.data as { object?: unknown }).object) };
  }
}

const webhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });

export default fp(
  async (app) => {
    const secret = app.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new Error("The Stripe webhook needs STRIPE_WEBHOOK_SECRET");

    // Keep the exact bytes Stripe signed; only this plugin's routes see this parser.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      STRIPE_WEBHOOK_PATH,
      { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { response: { 200: webhookResponse } } },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        if (!Buffer.isBuffer(request.body) || typeof signature !== "string" || signature === "") {
          throw new ApiError(400, "bad_request", "Missing Stripe signature.");
        }
        let event: Stripe.Event;
        try {
          event = Stripe.webhooks.constructEvent(request.body, signature, secret);
        } catch (error) {
          // Its kind and message only: Stripe's error carries the whole body it was given (a customer's name and address).
          request.log.warn({ err: safeError(error) }, "Stripe webhook with a bad signature");
          throw new ApiError(400, "bad_request", "Invalid Stripe signature.");
        }

        const applied = await app.database.db.transaction(async (tx) => {
          const claimed = await tx
            .insert(paymentEvents)
            .values({ eventId: event.id, provider: "stripe", type: event.type, outcome: "processing" })
            .onConflictDoNothing()
            .returning({ eventId: paymentEvents.eventId });
          if (claimed.length === 0) return undefined;
          const result = await apply(tx, event);
          await tx
            .update(paymentEvents)
            .set({ outcome: result.outcome, objectId: result.objectId ?? null })
            .where(eq(paymentEvents.eventId, event.id));
          return result;
        });
        if (applied) request.log.info({ eventId: event.id, type: event.type, outcome: applied.outcome }, "Stripe event");
        return { received: true as const, duplicate: !applied };
      },
    );
  },
  { name: "stripe-webhook", encapsulate: true, dependencies: ["database", "error-handler"] },
);
