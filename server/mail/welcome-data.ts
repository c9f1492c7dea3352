// The data of a client's welcome e-mail (server/mail/templates.ts): the plan's days and what the client chose.
import { renewalDate } from "#domain/plan";
import type { ClientRow } from "../db/schema";
import type { WelcomeData } from "./outbox";

export function welcomeData(client: ClientRow, checkout: { pickupOne: string; pickupTwo: string }): WelcomeData {
  return {
    firstName: client.name,
    lastName: client.surname,
    pickupDates: [checkout.pickupOne, checkout.pickupTwo],
    renewalDate: renewalDate(checkout.pickupOne),
    detergent: client.detergent,
    fabricSoftener: client.fabricSoftener,
    address: client.address,
  };
}
