// Calendar dates (yyyy-mm-dd) in the service time zone; "today" always comes from an injected clock.
import { SERVICE_TIME_ZONE } from "#domain/plan";

let dayFormat: Intl.DateTimeFormat | undefined;

/** Today's date in America/New_York at the instant `now`. */
export function todayInServiceZone(now: Date): string {
  // Made at the first call, not at import: a bad option then fails the call, not every module importing this one.
  dayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: SERVICE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return dayFormat.format(now);
}

const toUtc = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}
