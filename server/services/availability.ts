// Pickup availability (product.md PICK-2): which days can still be booked, and the atomic check-and-hold used at checkout.
import { and, count, eq, gt, inArray } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Config } from "../config";
import { checkouts, orders, pickupDays } from "../db/schema";
import { PICKUP_WINDOW_WEEKS } from "#domain/plan";
import { addDays, todayInServiceZone, weekday } from "./dates";
import type { Db, Transaction } from "./db";

/** The availability call answers this many days from its start date. */
export const AVAILABILITY_DAYS = 7;

export interface PickupRules {
  capacity: number;
  closedWeekdays: readonly number[];
  blackoutDates: readonly string[];
}

export const pickupRules = (config: Config): PickupRules => ({
  capacity: config.PICKUP_DAILY_CAPACITY,
  closedWeekdays: config.PICKUP_CLOSED_WEEKDAYS,
  blackoutDates: config.PICKUP_BLACKOUT_DATES,
});

export type DayProblem = "past" | "closed" | "too_far";

/** Why a day can never be booked (capacity aside), or null when it is bookable. */
export function dayProblem(date: string, today: string, rules: PickupRules): DayProblem | null {
  if (date <= today) return "past";
  // Start dates are offered up to 8 weeks ahead, so the last bookable day is 6 days after that.
  if (date > addDays(today, PICKUP_WINDOW_WEEKS * 7 + AVAILABILITY_DAYS - 1)) return "too_far";
  if (rules.closedWeekdays.includes(weekday(date)) || rules.blackoutDates.includes(date)) return "closed";
  return null;
}

/** Orders on each day plus the days held by every open, unexpired checkout. */
export async function bookedCounts(db: Db, dates: string[], now: Date): Promise<Map<string, number>> {
  const booked = new Map(dates.map((d) => [d, 0]));
  if (dates.length === 0) return booked;
  const open = and(eq(checkouts.status, "open"), gt(checkouts.expiresAt, now));
  // One statement: inside a transaction `db` is a single connection, which runs one query at a time.
  const rows = await unionAll(
    db.select({ date: orders.date, n: count() }).from(orders).where(inArray(orders.date, dates)).groupBy(orders.date),
    db.select({ date: checkouts.pickupOne, n: count() }).from(checkouts).where(and(open, inArray(checkouts.pickupOne, dates))).groupBy(checkouts.pickupOne),
    db.select({ date: checkouts.pickupTwo, n: count() }).from(checkouts).where(and(open, inArray(checkouts.pickupTwo, dates))).groupBy(checkouts.pickupTwo),
  );
  for (const row of rows) booked.set(row.date, (booked.get(row.date) ?? 0) + Number(row.n));
  return booked;
}

/** The 7 days from `start`: true when bookable now. */
export async function availability(db: Db, rules: PickupRules, start: string, now: Date): Promise<Record<string, boolean>> {
  const today = todayInServiceZone(now);
  const dates = Array.from({ length: AVAILABILITY_DAYS }, (_, i) => addDays(start, i));
  const candidates = dates.filter((d) => dayProblem(d, today, rules) === null);
  const booked = await bookedCounts(db, candidates, now);
  return Object.fromEntries(dates.map((d) => [d, candidates.includes(d) && (booked.get(d) ?? 0) < rules.capacity]));
}

/**
 * Locks the days' rows (ascending, so two transactions never deadlock) for the rest of the transaction.
 * Every writer that takes capacity locks first and counts after, so the count it sees stays true until
 * it commits: 50 concurrent checkouts for a day with room for 40 leave exactly 40 holds.
 */
export async function lockDays(tx: Transaction, dates: string[]): Promise<void> {
  const sorted = [...new Set(dates)].sort();
  await tx.insert(pickupDays).values(sorted.map((date) => ({ date }))).onConflictDoNothing();
  await tx.select({ date: pickupDays.date }).from(pickupDays).where(inArray(pickupDays.date, sorted)).orderBy(pickupDays.date).for("update");
}

/** Of `dates`, those already at capacity. Call after lockDays in the same transaction. */
export async function fullDays(tx: Transaction, dates: string[], rules: PickupRules, now: Date): Promise<string[]> {
  const booked = await bookedCounts(tx, dates, now);
  return dates.filter((d) => (booked.get(d) ?? 0) >= rules.capacity);
}
