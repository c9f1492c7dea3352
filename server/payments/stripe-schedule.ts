// When Stripe charges the first $29.99 week: 00:00 America/New_York on the renewal Sunday, expressed either as
// a trial that ends then or as a billing cycle anchor (see docs/decisions/003-stripe-first-week-and-renewal.md).
import { SERVICE_TIME_ZONE } from "#domain/plan";

/** Stripe: a Checkout trial_end "has to be at least 48 hours in the future". */
export const MIN_TRIAL_SECONDS = 48 * 60 * 60;
/**
 * Room for the time between our clock and Stripe's check (latency, retries): a trial ending within this margin
 * of the 48-hour limit goes the billing-cycle-anchor way, and an anchor is never closer than this to now.
 */
export const SCHEDULE_MARGIN_SECONDS = 10 * 60;

/** Offset (ms) of `timeZone` from UTC at the instant `at`: local wall time minus UTC. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of 00:00 on `date` (yyyy-mm-dd) in `timeZone` (default: the service's, America/New_York). */
export function startOfDayIn(date: string, timeZone: string = SERVICE_TIME_ZONE): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  // Two passes settle the offset across a DST change (New York changes at 02:00, never at midnight).
  let instant = wallMidnight - zoneOffsetMs(new Date(wallMidnight), timeZone);
  instant = wallMidnight - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

export type FirstCharge =
  | { kind: "trial_end"; trial_end: number }
  | { kind: "billing_cycle_anchor"; billing_cycle_anchor: number; proration_behavior: "none" };

/**
 * The subscription_data that makes the first weekly charge fall at 00:00 New York time on the renewal date.
 * A trial when that is at least 48 hours away (Stripe's limit, plus our margin); otherwise a billing cycle
 * anchor with no proration, so the days before it cost nothing beyond the $19.99 first week.
 */
export function firstCharge(renewalDate: string, now: Date = new Date()): FirstCharge {
  const renewal = Math.floor(startOfDayIn(renewalDate).getTime() / 1000);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (renewal - nowSeconds >= MIN_TRIAL_SECONDS + SCHEDULE_MARGIN_SECONDS) {
    return { kind: "trial_end", trial_end: renewal };
  }
  // Renewal dates are after today, so this clamp only bites in the last minutes before the renewal midnight;
  // it keeps the anchor in the future (Stripe refuses a past one) and still on the renewal Sunday.
  return {
    kind: "billing_cycle_anchor",
    billing_cycle_anchor: Math.max(renewal, nowSeconds + SCHEDULE_MARGIN_SECONDS),
    proration_behavior: "none",
  };
}
