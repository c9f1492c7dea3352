// The server's pure pickup-day rules (server/services/dates.ts, availability.ts): calendar dates in the
// service time zone, and which days can never be booked whatever the capacity.
import { describe, expect, it } from "vitest";
import { AVAILABILITY_DAYS, dayProblem, pickupRules, type PickupRules } from "#server/services/availability";
import { CHECKOUT_HOLD_MINUTES } from "#domain/plan";
import { addDays, daysBetween, todayInServiceZone, weekday } from "#server/services/dates";
import type { Config } from "#server/config";

describe("dates in the service time zone", () => {
  it("today is Miami's date, across midnight and daylight saving", () => {
    expect(todayInServiceZone(new Date("2030-03-05T04:59:59Z"))).toBe("2030-03-04"); // 23:59:59 EST
    expect(todayInServiceZone(new Date("2030-03-05T05:00:00Z"))).toBe("2030-03-05");
    expect(todayInServiceZone(new Date("2030-07-05T03:59:59Z"))).toBe("2030-07-04"); // 23:59:59 EDT
    expect(todayInServiceZone(new Date("2030-07-05T04:00:00Z"))).toBe("2030-07-05");
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2030-03-04", 0)).toBe("2030-03-04");
    expect(addDays("2030-03-04", 1)).toBe("2030-03-05");
    expect(addDays("2030-03-04", -4)).toBe("2030-02-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2030-12-31", 1)).toBe("2031-01-01");
    expect(addDays("2030-03-09", 2)).toBe("2030-03-11"); // over the spring-forward Sunday
  });

  it("names weekdays from Sunday (0) to Saturday (6)", () => {
    expect(["2030-03-03", "2030-03-04", "2030-03-05", "2030-03-06", "2030-03-07", "2030-03-08", "2030-03-09"].map(weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekday("2030-01-01")).toBe(2);
    expect(weekday("2030-12-31")).toBe(2);
  });

  it("counts whole days between two dates, either way", () => {
    expect(daysBetween("2030-03-04", "2030-03-04")).toBe(0);
    expect(daysBetween("2030-03-04", "2030-03-11")).toBe(7);
    expect(daysBetween("2030-03-11", "2030-03-04")).toBe(-7);
    expect(daysBetween("2030-02-28", "2030-03-01")).toBe(1);
    expect(daysBetween("2030-03-09", "2030-03-12")).toBe(3); // over the spring-forward Sunday
  });
});

describe("days that can never be booked", () => {
  const rules: PickupRules = { capacity: 40, closedWeekdays: [0], blackoutDates: ["2030-03-07"] };
  const today = "2030-03-04"; // a Monday

  it("today and the past", () => {
    expect(dayProblem("2030-03-03", today, rules)).toBe("past");
    expect(dayProblem(today, today, rules)).toBe("past");
    expect(dayProblem("2030-03-05", today, rules)).toBeNull();
  });

  it("closed weekdays and blackout dates", () => {
    expect(dayProblem("2030-03-10", today, rules)).toBe("closed"); // a Sunday
    expect(dayProblem("2030-03-07", today, rules)).toBe("closed");
    expect(dayProblem("2030-03-08", today, rules)).toBeNull();
    expect(dayProblem("2030-03-10", today, { ...rules, closedWeekdays: [] })).toBeNull();
  });

  it("beyond the last day a start date 8 weeks ahead can reach (56 + 6 days)", () => {
    expect(dayProblem(addDays(today, 62), today, { ...rules, closedWeekdays: [] })).toBeNull();
    expect(dayProblem(addDays(today, 63), today, { ...rules, closedWeekdays: [] })).toBe("too_far");
    // Too far wins over closed, past wins over both.
    expect(dayProblem(addDays(today, 69), today, rules)).toBe("too_far");
    expect(dayProblem("2030-03-03", today, rules)).toBe("past");
  });

  it("the rules come from the configuration; holds last 30 minutes; availability answers 7 days", () => {
    const config = { PICKUP_DAILY_CAPACITY: 12, PICKUP_CLOSED_WEEKDAYS: [0, 6], PICKUP_BLACKOUT_DATES: ["2030-12-25"] } as unknown as Config;
    expect(pickupRules(config)).toEqual({ capacity: 12, closedWeekdays: [0, 6], blackoutDates: ["2030-12-25"] });
    expect(CHECKOUT_HOLD_MINUTES).toBe(30);
    expect(AVAILABILITY_DAYS).toBe(7);
  });
});
