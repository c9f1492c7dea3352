// The plan's prices in integer cents and their display, without date code, so light pages (home, pricing)
// can show prices without loading date-fns. plan.ts re-exports all of this.
export const PRICE_DUE_TODAY_CENTS = 1999;
export const PRICE_WEEKLY_CENTS = 2999;

export const formatUsd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
