// Pickup availability: today and the past never, closed days never, capacity counting orders and live holds,
// and the atomic hold (50 concurrent checkouts for one day with room for 40 leave exactly 40 holds).
import { afterAll, describe, expect, it } from "vitest";
import { and, count, eq, gt, or } from "drizzle-orm";
import pg from "pg";
import { checkouts } from "#server/db/schema";
import { addDays } from "#server/services/dates";
import { testDriver } from "./helpers/database";
import { fromSite, buildApiApp, checkoutBody, openCheckout, payWithCard, signupClient, testClock, type ApiApp, type TestClock } from "./helpers/api";

const apps: ApiApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

// node-postgres queues a query sent on a connection still running one (a transaction's queries in Promise.all),
// which pg 9 refuses; it warns only once a process, and the suite's workers run many files. So every such query
// is caught here, on pg's own condition for that warning, and checked by this file's last test (PostgreSQL only).
const overlappingQueries: string[] = [];
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & { _queryQueue: unknown[]; pipeline?: boolean }, ...args: unknown[]) {
  if (this._queryQueue.length > 0 && !this.pipeline) overlappingQueries.push(new Error("a query sent while another runs").stack!);
  return (sendQuery as (...args: unknown[]) => unknown).apply(this, args);
} as typeof sendQuery;
afterAll(() => {
  pg.Client.prototype.query = sendQuery;
});

async function setup(env: Record<string, string> = {}, clock?: TestClock) {
  const built = await buildApiApp({ env, clock });
  apps.push(built.app);
  return built;
}

async function availability(app: ApiApp, start: string): Promise<Record<string, boolean>> {
  const response = await app.inject(`/api/signupday/${start}`);
  expect(response.statusCode).toBe(200);
  return response.json().availability;
}

async function liveHolds(app: ApiApp, date: string, now: Date) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(checkouts)
    .where(and(eq(checkouts.status, "open"), gt(checkouts.expiresAt, now), or(eq(checkouts.pickupOne, date), eq(checkouts.pickupTwo, date))));
  return Number(row?.n ?? 0);
}

describe(`pickup availability (${testDriver})`, () => {
  it("answers 400 for a start date whose seven days run past the year 9999, whose keys a date cannot be written as", async () => {
    const { app } = await setup();
    expect(Object.keys(await availability(app, "9999-12-25"))).toEqual(["9999-12-25", "9999-12-26", "9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30", "9999-12-31"]);
    for (const start of ["9999-12-26", "9999-12-31"]) {
      const response = await app.inject(`/api/signupday/${start}`);
      expect(response.statusCode, start).toBe(400);
      expect(response.json().error.fields, start).toEqual({ id: "dateInvalid" });
    }
  });

  it("never offers today or the past, in America/New_York", async () => {
    // 02:30 UTC on the 5th is still the 4th in Miami.
    const clock = testClock(new Date("2030-03-05T02:30:00Z"));
    const { app } = await setup({}, clock);
    expect(clock.today()).toBe("2030-03-04");
    expect(await availability(app, "2030-02-28")).toEqual({
      "2030-02-28": false,
      "2030-03-01": false,
      "2030-03-02": false,
      "2030-03-03": false,
      "2030-03-04": false,
      "2030-03-05": true,
      "2030-03-06": true,
    });
    clock.set(new Date("2030-03-05T05:00:00Z")); // 00:00 in Miami on the 5th: the 5th is now today
    expect((await availability(app, "2030-03-05"))["2030-03-05"]).toBe(false);
    expect((await availability(app, "2030-03-05"))["2030-03-06"]).toBe(true);
  });

  it("never offers closed weekdays, blackout dates, or days past the 8-week window", async () => {
    const clock = testClock();
    const { app } = await setup({ PICKUP_CLOSED_WEEKDAYS: "0", PICKUP_BLACKOUT_DATES: `${clock.day(2)}` }, clock);
    const days = await availability(app, clock.day(1));
    // The clock's today is a Monday: day 6 is Sunday.
    expect(days).toEqual({ [clock.day(1)]: true, [clock.day(2)]: false, [clock.day(3)]: true, [clock.day(4)]: true, [clock.day(5)]: true, [clock.day(6)]: false, [clock.day(7)]: true });
    // Start dates up to 8 weeks ahead, so the last bookable day is day 62 (a Sunday here, closed): day 61 is the last open one.
    const far = await availability(app, clock.day(56));
    expect(far[clock.day(61)]).toBe(true);
    expect((await availability(app, clock.day(63)))[clock.day(63)]).toBe(false); // a Monday, open, but too far
    const closed = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email: "sunday@example.com" }, 4, 2)) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({ code: "day_unavailable", fields: { "client.pickuptwo": "dayClosed" } });
  });

  it("a day reaching capacity turns unavailable; orders count too; an expired hold frees its day", async () => {
    const clock = testClock();
    const { app } = await setup({ PICKUP_DAILY_CAPACITY: "2" }, clock);
    const full = clock.day(3);
    const first = await openCheckout(app, signupClient(clock, { email: "one@example.com" }));
    await payWithCard(app, first.sessionId, "4242424242424242"); // holds become orders
    expect((await availability(app, full))[full]).toBe(true);
    clock.advanceMinutes(10);
    await openCheckout(app, signupClient(clock, { email: "two@example.com" }));
    expect((await availability(app, full))[full]).toBe(false);

    const third = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email: "three@example.com" })) });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({ code: "day_full", fields: { "client.pickupone": "dayFull", "client.pickuptwo": "dayFull" } });

    // The second checkout's hold lasts 30 minutes.
    clock.advanceMinutes(29);
    expect((await availability(app, full))[full]).toBe(false);
    clock.advanceMinutes(2);
    expect((await availability(app, full))[full]).toBe(true);
    expect((await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(signupClient(clock, { email: "three@example.com" })) })).statusCode).toBe(200);
    expect((await availability(app, full))[full]).toBe(false);
  });

  it("releases a pending client's days when the sign-up is cancelled", async () => {
    const clock = testClock();
    const { app } = await setup({ PICKUP_DAILY_CAPACITY: "1" }, clock);
    const day = clock.day(4);
    const { cookie } = await openCheckout(app, signupClient(clock, { email: "held@example.com" }, 4));
    expect((await availability(app, day))[day]).toBe(false);
    expect((await app.inject({ url: "/api/client/delete_by_email/held@example.com", headers: fromSite(cookie) })).json()).toEqual({ ok: true, deleted: true });
    expect((await availability(app, day))[day]).toBe(true);
  });

  it("50 concurrent checkouts for one day with a capacity of 40 leave exactly 40 holds", async () => {
    const clock = testClock();
    const { app } = await setup({ PICKUP_DAILY_CAPACITY: "40" }, clock);
    const day = clock.day(2);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/payments/create-checkout-session_signup",
          // Same first day for all; the second day varies so only the first one fills.
          payload: checkoutBody(signupClient(clock, { email: `rush${i}@example.com` }, 2, 1 + (i % 5))),
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const refused of responses.filter((r) => r.statusCode === 409)) expect(refused.json().error.code).toBe("day_full");
    expect(await liveHolds(app, day, clock.now())).toBe(40);
    expect((await availability(app, day))[day]).toBe(false);
    expect((await availability(app, day))[addDays(day, 1)]).toBe(true);
  }, 120_000);

  it("sends a transaction's queries one at a time on its connection", () => {
    expect(overlappingQueries).toEqual([]);
  });
});
