// The gate of the post-payment calls (create4customer, set_active, send_welcome_email): only the browser whose
// checkout cookie names a paid checkout of this e-mail's client, for the plan the client holds now, gets through
// (after confirming with the provider when the payment is not recorded yet). Everyone else, for every address, gets
// 409 not_paid and nothing changes: the answer tells a stranger nothing about the address.
import type { FastifyRequest } from "fastify";
import type { ClientRow } from "../db/schema";
import type { PaymentProvider } from "../payments/provider";
import { notPaid } from "../services/clients";
import type { Db } from "../services/db";
import { fulfilPaidCheckout } from "../services/fulfilment";
import type { OperatorContact } from "../services/operator-notices";
import { ownedCheckout, paidForCurrentPlan } from "./ownership";

export async function requirePayingBrowser(
  db: Db,
  provider: PaymentProvider,
  operator: OperatorContact,
  request: FastifyRequest,
  email: string,
  now: Date,
): Promise<ClientRow> {
  let owned = await ownedCheckout(db, request, email, now);
  if (!owned) throw notPaid();
  if (owned.checkout.status !== "paid") {
    // Not recorded as paid yet (a slow webhook): the provider's word decides, with the subscription's state it
    // reports (one it already ended starts nothing, decision 020), as the webhook and the reconciler fulfil.
    const sessionId = owned.checkout.providerSessionId;
    if (!sessionId) throw notPaid();
    const status = await provider.getCheckoutStatus(sessionId);
    if (!status.paid) throw notPaid();
    await fulfilPaidCheckout(db, { sessionId, customerId: status.customerId, subscriptionId: status.subscriptionId, subscription: status.subscription, operator });
    owned = await ownedCheckout(db, request, email, now);
  }
  if (!owned || !paidForCurrentPlan(owned) || !owned.client.isActive) throw notPaid();
  return owned.client;
}
