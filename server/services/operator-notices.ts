// Money that needs a person (product.md PAY-12, decision 021): a dispute opened or closed at Stripe, and a payment confirmed after
// its subscription had already ended. Each is one English e-mail to the operator (CONTACT_INBOX), queued in the
// transaction of the change it reports, once per dispute (and outcome) or per checkout.
import { desc, eq } from "drizzle-orm";
import { clients } from "../db/schema";
import { queueEmail } from "../mail/outbox";
import type { DisputeState } from "../payments/provider";
import type { Db } from "./db";

/** Where the operator's notices go, and whether Stripe runs on live keys (the dashboard's links differ). */
export interface OperatorContact {
  inbox: string;
  stripeLivemode: boolean;
}

/** From the configuration: CONTACT_INBOX, and live unless the Stripe key is a test-mode one (or there is none). */
export function operatorContact(config: { CONTACT_INBOX: string; STRIPE_SECRET_KEY?: string | undefined }): OperatorContact {
  const key = config.STRIPE_SECRET_KEY;
  return { inbox: config.CONTACT_INBOX, stripeLivemode: !!key && !/^(sk|rk)_test_/.test(key) };
}

/** A page of Stripe's dashboard, e.g. `disputes/du_123`; test-mode objects live under /test. */
export const stripeDashboardUrl = (livemode: boolean, path: string) => `https://dashboard.stripe.com${livemode ? "" : "/test"}/${path}`;

export const disputeNoticeKey = (disputeId: string, stage: "created" | "closed") => `dispute-${stage}:${disputeId}`;
export const paidWithoutServiceKey = (checkoutId: number) => `paid-without-service:${checkoutId}`;

type ClientFacts = { name: string; email: string; zip: string };

const factsOf = (client: { name: string; surname: string; email: string; address: { zip: string } }): ClientFacts => ({
  name: `${client.name} ${client.surname}`.trim(),
  email: client.email,
  zip: client.address.zip,
});

/** Our client on this Stripe customer, if any (the latest one, were there several). */
async function clientOfCustomer(tx: Db, customerId: string | null): Promise<ClientFacts | undefined> {
  if (!customerId) return undefined;
  const [client] = await tx.select().from(clients).where(eq(clients.providerCustomerId, customerId)).orderBy(desc(clients.id)).limit(1);
  return client ? factsOf(client) : undefined;
}

/** The operator's notice of a dispute as Stripe has it now: once when opened, once when closed. */
export async function queueDisputeNotice(tx: Db, operator: Pick<OperatorContact, "inbox">, dispute: DisputeState, stage: "created" | "closed"): Promise<boolean> {
  const client = await clientOfCustomer(tx, dispute.customerId);
  const id = await queueEmail(tx, {
    kind: stage === "created" ? "dispute-created" : "dispute-closed",
    to: operator.inbox,
    language: "en",
    data: {
      disputeId: dispute.id,
      amount: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      dueBy: dispute.dueBy?.toISOString() ?? null,
      customerId: dispute.customerId,
      ...(client ? { client } : {}),
      dashboardUrl: stripeDashboardUrl(dispute.livemode, `disputes/${dispute.id}`),
    },
    dedupeKey: disputeNoticeKey(dispute.id, stage),
  });
  return id !== null;
}

/** The operator's notice of a checkout paid after its subscription had ended: no service started, a refund may be due. */
export async function queuePaidWithoutServiceNotice(
  tx: Db,
  operator: OperatorContact,
  paid: { checkoutId: number; sessionId: string; provider: "sandbox" | "stripe"; clientId: number; customerId: string | null; subscriptionId: string; subscriptionStatus: string | null },
): Promise<void> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, paid.clientId));
  await queueEmail(tx, {
    kind: "paid-without-service",
    to: operator.inbox,
    language: "en",
    data: {
      checkoutId: paid.checkoutId,
      sessionId: paid.sessionId,
      subscriptionId: paid.subscriptionId,
      subscriptionStatus: paid.subscriptionStatus,
      customerId: paid.customerId,
      ...(client ? { client: factsOf(client) } : {}),
      dashboardUrl: paid.provider === "stripe" && paid.customerId ? stripeDashboardUrl(operator.stripeLivemode, `customers/${paid.customerId}`) : null,
    },
    dedupeKey: paidWithoutServiceKey(paid.checkoutId),
  });
}
