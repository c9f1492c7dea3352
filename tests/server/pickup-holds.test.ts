// Two hold rules that mutation testing found unguarded: a checkout holds its days for exactly 30 minutes
// (held one millisecond before, free at the instant), and paying one checkout ends the client's other open
// checkouts (their days are free again) while another client's open checkout keeps its days.
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { checkouts, clients } from "#server/db/schema";
import { testDriver } from "./helpers/database";
import { buildApiApp, openCheckout, payWithCard, signupClient, testClock, type ApiApp } from "./helpers/api";

const apps: ApiApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function setup(env: Record<string, string>) {
  const clock = testClock();
  const built = await buildApiApp({ env, clock });
  apps.push(built.app);
  return { app: built.app, clock };
}

async function isAvailable(app: ApiApp, date: string): Promise<boolean> {
  const response = await app.inject(`/api/signupday/${date}`);
  expect(response.statusCode).toBe(200);
  return response.json().availability[date];
}

// Each test opens its own database and takes several requests: more time than the default on a loaded machine.
describe(`checkout holds (${testDriver})`, { timeout: 120_000 }, () => {
  it("a checkout holds its days for exactly 30 minutes", async () => {
    const { app, clock } = await setup({ PICKUP_DAILY_CAPACITY: "1" });
    const opened = clock.now().getTime();
    const client = signupClient(clock, { email: "hold@example.com" });
    await openCheckout(app, client);
    const [row] = await app.database.db.select().from(checkouts);
    expect(row!.expiresAt.getTime() - opened).toBe(30 * 60_000);

    expect(await isAvailable(app, client.pickupone)).toBe(false);
    expect(await isAvailable(app, client.pickuptwo)).toBe(false);
    clock.set(new Date(opened + 30 * 60_000 - 1));
    expect(await isAvailable(app, client.pickupone)).toBe(false);
    expect(await isAvailable(app, client.pickuptwo)).toBe(false);
    clock.set(new Date(opened + 30 * 60_000));
    expect(await isAvailable(app, client.pickupone)).toBe(true);
    expect(await isAvailable(app, client.pickuptwo)).toBe(true);

    // Its day taken again at that instant: the expired hold does not count.
    const other = await app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session_signup",
      payload: { success_url: "http://localhost:3000/payment-success", cancel_url: "http://localhost:3000/payment-canceled", client: { ...client, email: "next@example.com" } },
    });
    expect(other.statusCode).toBe(200);
  });

  it("paying a checkout ends the client's other open checkouts, and only theirs", async () => {
    const { app, clock } = await setup({ PICKUP_DAILY_CAPACITY: "1" });
    const db = app.database.db;
    const paid = await openCheckout(app, signupClient(clock, { email: "payer@example.com" }, 3, 2));
    const [payer] = await db.select().from(clients).where(eq(clients.email, "payer@example.com"));
    // A second open checkout of the same client on other days (as a second tab's could be), and another
    // client's open checkout.
    const [second] = await db
      .insert(checkouts)
      .values({ clientId: payer!.id, provider: "sandbox", status: "open", pickupOne: clock.day(4), pickupTwo: clock.day(6), language: "en", expiresAt: new Date(clock.now().getTime() + 30 * 60_000), createdAt: clock.now() })
      .returning();
    await openCheckout(app, signupClient(clock, { email: "stranger@example.com" }, 7, 1));
    for (const day of [3, 4, 5, 6, 7, 8]) expect(await isAvailable(app, clock.day(day)), `day ${day} held`).toBe(false);

    const payment = await payWithCard(app, paid.sessionId, "4242424242424242");
    expect(payment.statusCode).toBe(303);

    const rows = await db.select().from(checkouts);
    const status = (id: number) => rows.find((r) => r.id === id)!.status;
    const paidRow = rows.find((r) => r.providerSessionId === paid.sessionId)!;
    const strangers = rows.filter((r) => r.clientId !== payer!.id);
    expect(status(paidRow.id)).toBe("paid");
    expect(status(second!.id)).toBe("expired");
    expect(strangers.map((r) => r.status)).toEqual(["open"]);
    // The paid days are orders now, the other checkout's days are free, the stranger's still held.
    expect(await isAvailable(app, clock.day(3))).toBe(false);
    expect(await isAvailable(app, clock.day(5))).toBe(false);
    expect(await isAvailable(app, clock.day(4))).toBe(true);
    expect(await isAvailable(app, clock.day(6))).toBe(true);
    expect(await isAvailable(app, clock.day(7))).toBe(false);
    expect(await isAvailable(app, clock.day(8))).toBe(false);
  });
});
