// What fulfilment activates: the client exactly as the payer submitted it with the checkout they paid, never
// the pending row as it stands at payment time (which a later checkout may have rewritten). The same columns a
// sign-up writes to the pending row (with its e-mail and days: clientValues in server/services/clients.ts).
import type { Client } from "#contract/client";

/** The client's own columns: who they are, how to reach them, what they chose and where they live. */
export function profileColumns(client: Client) {
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

/** The client columns a paid checkout's submitted client sets (the e-mail is the checkout's own client's, the days the checkout's). */
export function submittedClientColumns(client: Client | null | undefined) {
  return client ? profileColumns(client) : {};
}
