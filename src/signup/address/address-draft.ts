// The street-address part of the sign-up form while it is being filled in (spec section 3, Address).
import { emptyAddressDraft as newAddressDraft, type AddressDraft } from "../../contract/signup-form";

export type { AddressDraft };

/** Manual entry starts in Florida, in the USA (decisions.md, Front end: Address). */
export const emptyAddressDraft: Readonly<AddressDraft> = newAddressDraft();

/**
 * The house number at the start of a street line ("1200 Brickell Ave" → 1200, "12B Main St" → 12);
 * 0 when the line does not start with one ("Brickell Ave", "", "PO Box 5").
 */
export function parseHouseNumber(street: string): number {
  const match = /^\s*(\d+)/.exec(street);
  if (!match?.[1]) return 0;
  const value = Number.parseInt(match[1], 10);
  return Number.isSafeInteger(value) ? value : 0;
}

/** ZIP input keeps only digits, at most five: the contract's ZIP is exactly 5 digits. */
export const normalizeZip = (text: string): string => text.replace(/\D/g, "").slice(0, 5);
