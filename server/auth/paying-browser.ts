// The gate of the post-payment calls (create4customer, set_active, send_welcome_email): only the browser whose
// checkout cookie names a paid checkout of this e-mail's client gets through (after confirming with the
// provider when the payment is not recorded yet). Everyone else, for every address, gets 409 not_paid and
// nothing changes: the answer tells a stranger nothing about the address.
import type { FastifyRequest } from "fastify";
import type { ClientRow } from "../db/schema";
import type { PaymentProvider } from "../payments/provider";
import { findClient, notPaid } from "../services/clients";
import type { Db } from "../services/db";
import { fulfilPaidCheckout } from "../services/fulfilment";
import type { OperatorContact } from "../services/operator-notices";
import { ownedCheckout } from "./ownership";

export async function requirePayingBrowser(
  db: Db,
  provider: PaymentProvider,
  operator: OperatorContact,
  request: FastifyRequest,
  email: string,
): Promise<ClientRow> {
  const owned = await ownedCheckout(db, request, email);
  if (!owned) throw notPaid();
  const { checkout } = owned;
  if (checkout.status !== "paid") {
    // Not recorded as paid yet (a slow webhook): the provider's word decides.
    if (!checkout.providerSessionId) throw notPaid();
    const status = await provider.getCheckoutStatus(checkout.providerSessionId);
    if (!status.paid) throw notPaid();
    await fulfilPaidCheckout(db, { sessionId: checkout.providerSessionId, customerId: status.customerId, subscriptionId: status.subscriptionId, operator });
  }
  const client = await findClient(db, email);
  if (!client?.isActive) throw notPaid();
  return client;
}
