// The street-address part of the sign-up form while it is being filled in (product.md DATA-1).
import { emptyAddressDraft as newAddressDraft, parseStreetNumber, type AddressDraft } from "#domain/signup-form";

export type { AddressDraft };
export { parseStreetNumber };

/** Manual entry starts in Florida, in the USA (product.md SU-7). */
export const emptyAddressDraft: Readonly<AddressDraft> = newAddressDraft();

/** ZIP input keeps only digits, at most five: the contract's ZIP is exactly 5 digits. */
export const normalizeZip = (text: string): string => text.replace(/\D/g, "").slice(0, 5);
