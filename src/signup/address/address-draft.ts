// The street-address part of the sign-up form while it is being filled in (spec section 3, Address).
import type { AutocompleteAddress } from "../../../machines/address-autocomplete.machine";

export type AddressDraft = {
  street: string;
  /** The house number: an integer, 0 when the street line has none. */
  number: number;
  zip: string;
  city: string;
  state: string;
  country: string;
  formatted_address: string;
};

// The machine's address and the draft are one shape; this line stops them drifting apart.
const sameShape: [AddressDraft, AutocompleteAddress] extends [AutocompleteAddress, AddressDraft] ? true : never = true;
void sameShape;

/** Manual entry starts in Florida, in the USA (decisions.md, Front end: Address). */
export const emptyAddressDraft: AddressDraft = {
  street: "",
  number: 0,
  zip: "",
  city: "",
  state: "FL",
  country: "USA",
  formatted_address: "",
};

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
