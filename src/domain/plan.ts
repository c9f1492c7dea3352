// The plan (product.md PLAN-1), in integer cents.
import { addDays, differenceInCalendarDays, format, getDay, parseISO } from "date-fns";

export { PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS, formatUsd } from "./prices";
export const SIGNUP_STEPS = 6;
export const PICKUP_DAYS_REQUIRED = 2;
/** Start dates offered by the calendar, counted from today. */
export const PICKUP_WINDOW_WEEKS = 8;
/** How long a checkout holds its two days (and how long its session stays open). */
export const CHECKOUT_HOLD_MINUTES = 30;
export const SERVICE_TIME_ZONE = "America/New_York";
/** The fixed sign-up identifier sent as createdBy with each order. */
export const ORDER_CREATED_BY = "signup-wizard";

/** The first pickup date moved forward to the next Sunday; the same day if already a Sunday. */
export function renewalDate(firstPickup: string): string {
  const date = parseISO(firstPickup);
  const daysToSunday = (7 - getDay(date)) % 7;
  return format(addDays(date, daysToSunday), "yyyy-MM-dd");
}

/** Whole days from `today` (yyyy-mm-dd) until the renewal date. */
export function daysUntil(today: string, date: string): number {
  return differenceInCalendarDays(parseISO(date), parseISO(today));
}
