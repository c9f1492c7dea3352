// What fulfilment activates: the client exactly as the payer submitted it with the checkout they paid, never
// the pending row as it stands at payment time (which a later checkout may have rewritten).
import type { Client } from "#contract/client";

/** The client columns a paid checkout's submitted client sets (the e-mail is the checkout's own client's). */
export function submittedClientColumns(client: Client | null | undefined) {
  if (!client) return {};
  return {
    name: client.name,
    surname: client.surname,
    phoneNumber: client.phoneNumber,
    language: client.language,
    detergent: client.detergent,
    fabricSoftener: client.fabricsoftener,
    address: client.address,
  };
}
