// POST /api/payments/webhook: Stripe's events. The signature is checked on the raw body, so this route lives
// in its own encapsulated plugin whose JSON parser keeps the bytes (the rest of the API parses JSON as usual).
// Each event is applied at most once: its id goes into payment_events in the same transaction as its effect.
// A subscription's events and its invoices' are applied as the subscription is NOW at Stripe, asked for again
// (events come late, twice and out of order): product.md PAY-11, decision 020. A dispute's events tell the
// operator about the dispute as Stripe has it now, asked the same way (decision 021).
import fp from "fastify-plugin";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../errors";
import { safeError } from "../safe-log";
import { paymentEvents } from "../db/schema";
import { fulfilPaidCheckout } from "../services/fulfilment";
import { applySubscriptionState, type ApplyOutcome } from "../services/subscription-state";
import { operatorContact, queueDisputeNotice, type OperatorContact } from "../services/operator-notices";
import type { DisputeState, PaymentProvider, SubscriptionState } from "../payments/provider";
import type { Db } from "../services/db";

export const STRIPE_WEBHOOK_PATH = "/payments/webhook";
/** Stripe's events are a few kilobytes; this leaves room without accepting anything huge. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

type Outcome = "fulfilled" | "already_fulfilled" | "subscription_ended" | ApplyOutcome | "notified" | "already_notified" | "pending" | "ignored" | "unknown";

const idOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : value && typeof value === "object" && "id" in value && typeof value.id === "string" ? value.id : undefined;

/** The events whose effect is their subscription's current state (the events README's "Stripe setup" enables). */
const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
]);

/** The subscription such an event is about: the subscription itself, or the one an invoice bills. */
function subscriptionOf(event: Stripe.Event): string | undefined {
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return undefined;
  const object = event.data.object as { id?: unknown; parent?: { subscription_details?: { subscription?: unknown } | null } | null; subscription?: unknown };
  if (event.type.startsWith("customer.subscription.")) return idOf(object);
  // Since API version 2025-03-31 an invoice names it under parent; an endpoint on an older version sends `subscription`.
  return idOf(object.parent?.subscription_details?.subscription) ?? idOf(object.subscription);
}

/** The dispute events the operator is told about (README's "Stripe setup" enables them), by the notice's stage. */
const DISPUTE_EVENTS: Record<string, "created" | "closed"> = { "charge.dispute.created": "created", "charge.dispute.closed": "closed" };

/** The dispute such an event is about, and which notice it calls for. */
function disputeOf(event: Stripe.Event): { id: string; stage: "created" | "closed" } | undefined {
  const stage = DISPUTE_EVENTS[event.type];
  const id = stage ? idOf((event.data as { object?: unknown }).object) : undefined;
  return stage && id ? { id, stage } : undefined;
}

/** What the handler asked the provider before its transaction: the event's subscription or dispute as they are now. */
interface Asked {
  subscription?: { id: string; current: SubscriptionState | undefined; provider: PaymentProvider["name"]; now: Date };
  dispute?: { id: string; stage: "created" | "closed"; current: DisputeState | undefined };
}

/** The effect of one verified event, inside the transaction that records it. `current`: its subscription as Stripe has it now. */
async function apply(
  tx: Db,
  event: Stripe.Event,
  asked: Asked,
  operator: OperatorContact,
): Promise<{ outcome: Outcome; objectId?: string }> {
  const { subscription, dispute } = asked;
  if (dispute) {
    if (!dispute.current) return { outcome: "unknown", objectId: dispute.id };
    const queued = await queueDisputeNotice(tx, operator, dispute.current, dispute.stage);
    return { outcome: queued ? "notified" : "already_notified", objectId: dispute.id };
  }
  if (subscription) {
    if (!subscription.current) return { outcome: "unknown", objectId: subscription.id };
    const applied = await applySubscriptionState(tx, subscription.provider, subscription.current, subscription.now);
    return { outcome: applied.outcome, objectId: subscription.id };
  }
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
        operator,
      });
      return { outcome: result.outcome === "unknown_session" ? "unknown" : result.outcome, objectId: session.id };
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
    const operator = operatorContact(app.config);

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

        const db = app.database.db;
        const subscriptionId = subscriptionOf(event);
        const dispute = disputeOf(event);
        const asked: Asked = {};
        if (subscriptionId || dispute) {
          // Asked outside the transaction (no lock held across a network call), and not again for a repeat.
          const [seen] = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
          if (seen) return { received: true as const, duplicate: true };
          // Stripe unreachable: 502 payment_provider_error, nothing recorded, so Stripe delivers the event again.
          if (subscriptionId) {
            const current = await app.payments.getSubscription(subscriptionId);
            asked.subscription = { id: subscriptionId, current, provider: app.payments.name, now: app.now() };
          }
          if (dispute) asked.dispute = { ...dispute, current: await app.payments.getDispute(dispute.id) };
        }

        const applied = await db.transaction(async (tx) => {
          const claimed = await tx
            .insert(paymentEvents)
            .values({ eventId: event.id, provider: "stripe", type: event.type, outcome: "processing" })
            .onConflictDoNothing()
            .returning({ eventId: paymentEvents.eventId });
          if (claimed.length === 0) return undefined;
          const result = await apply(tx, event, asked, operator);
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
  { name: "stripe-webhook", encapsulate: true, dependencies: ["database", "payments", "error-handler"] },
);
