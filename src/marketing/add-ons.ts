// Add-on prices in cents (product.md PLAN-2): extras for later orders, never charged at sign-up.
import { formatUsd } from "#domain/prices";

export const DELICATES_CARE_CENTS = 400;
export const HYPOALLERGENIC_DETERGENT_CENTS = 200;
/** Express service: 12-hour turnaround instead of the standard 24. */
export const EXPRESS_TURNAROUND_HOURS = 12;
export const STANDARD_TURNAROUND_HOURS = 24;

/** "+$4" as the spec writes it; cents only when there are some. */
export const addOnPrice = (cents: number) => (cents % 100 === 0 ? `+$${cents / 100}` : `+${formatUsd(cents)}`);
