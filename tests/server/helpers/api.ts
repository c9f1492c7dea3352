// The API under test with a settable clock, and sign-up data relative to that clock's "today".
import { and, eq } from "drizzle-orm";
import { clients, emailOutbox, orders } from "#server/db/schema";
import type { PaymentProvider } from "#server/payments/provider";
import { SandboxPaymentProvider, TEST_CARD_PAYS } from "#server/payments/sandbox";
import { addDays, todayInServiceZone } from "#server/services/dates";
import type { ClientInput } from "#contract/client";
import { SITE_CLIENT_HEADER } from "#contract/calls";
import { checkoutRef } from "#server/auth/ownership";
import { sha256 } from "#server/auth/crypto";
import { buildTestApp, ORIGIN } from "./app";
import { validClient } from "../../fixtures/client";
import { liftedLimits } from "../../../scripts/lifted-limits.mjs";

export { ORIGIN };

/** A clock tests move by hand: 2030-03-04 (a Monday) at 10:00 in Miami unless told otherwise. */
export function testClock(start = new Date("2030-03-04T15:00:00Z")) {
  let current = start;
  return {
    now: () => current,
    set: (date: Date) => {
      current = date;
    },
    advanceMinutes: (minutes: number) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
    today: () => todayInServiceZone(current),
    /** today + n days (yyyy-mm-dd) in the service time zone. */
    day: (n: number) => addDays(todayInServiceZone(current), n),
  };
}
export type TestClock = ReturnType<typeof testClock>;

/** The app with a settable clock, no mail worker (tests send by hand) and the per-address limits lifted. */
export async function buildApiApp(options: { env?: Record<string, string>; clock?: TestClock; payments?: PaymentProvider } = {}) {
  const clock = options.clock ?? testClock();
  const app = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: "0", ...liftedLimits, ...options.env }, { now: clock.now, payments: options.payments });
  return { app, clock };
}

export type ApiApp = Awaited<ReturnType<typeof buildApiApp>>["app"];

/** A valid sign-up client whose pickup days are `firstInDays` and `firstInDays + gap` days from today. */
export function signupClient(clock: TestClock, overrides: Partial<ClientInput> = {}, firstInDays = 3, gap = 2): ClientInput {
  return validClient(overrides, [clock.day(firstInDays), clock.day(firstInDays + gap)]);
}

export const checkoutBody = (client: ClientInput) => ({
  success_url: `${ORIGIN}/payment-success`,
  cancel_url: `${ORIGIN}/payment-canceled`,
  client,
});

/** The "name=value" of the checkout cookie a response sets (what the paying browser sends back). */
export function checkoutCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers["set-cookie"];
  const value = (Array.isArray(header) ? header : [header]).find((c): c is string => typeof c === "string" && c.startsWith("ff_checkout="));
  if (!value) throw new Error("the checkout set no ff_checkout cookie");
  return value.split(";")[0]!;
}

/** The reference (`?checkout=`) of the cancel address of the checkout that set this cookie ("ff_checkout=..."). */
export const cancelRefOf = (cookie: string) => checkoutRef(sha256(cookie.slice(cookie.indexOf("=") + 1)));

/**
 * The headers of a call from the site's own API client (src/api/client.ts sends SITE_CLIENT_HEADER on every
 * call) in the browser holding `cookie`: the request a checkout cookie proves its owner with.
 */
export const fromSite = (cookie?: string) => ({ [SITE_CLIENT_HEADER]: "1", ...(cookie ? { cookie } : {}) });

/**
 * Opens a checkout and answers the sandbox session id from its URL, and `cookie`: the paying browser's checkout
 * cookie ("ff_checkout=..."), to send as the `cookie` header of the calls that need the paying browser.
 */
export async function openCheckout(app: ApiApp, client: ClientInput, options: { remoteAddress?: string; cookie?: string } = {}) {
  const response = await app.inject({
    method: "POST",
    url: "/api/payments/create-checkout-session_signup",
    payload: checkoutBody(client),
    remoteAddress: options.remoteAddress,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  const url = response.json<{ checkout_url: string }>().checkout_url;
  return { url, sessionId: url.split("/").pop()!, cookie: checkoutCookie(response) };
}

/** The sandbox's Pay button with a card number (by default the test card that pays): charges, then fulfils. */
export const payWithCard = (app: ApiApp, sessionId: string, card: string = TEST_CARD_PAYS) =>
  app.inject({
    method: "POST",
    url: `/sandbox/checkout/${sessionId}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ card }).toString(),
  });

/**
 * The crash between the charge and the fulfilment: the sandbox provider takes the card's money for the checkout
 * (recorded on its side) and the server fulfils nothing, as when it dies before the Pay button's fulfilment runs.
 */
export const chargeWithoutFulfilment = (app: ApiApp, sessionId: string, card: string = TEST_CARD_PAYS) =>
  (app.payments as SandboxPaymentProvider).pay(sessionId, card);

/** What the database holds of one sign-up: the client row (if any), its orders' dates in order, its welcome e-mails. */
export async function signupRecord(app: ApiApp, email: string) {
  const db = app.database.db;
  const [client] = await db.select().from(clients).where(eq(clients.email, email));
  const clientOrders = client ? await db.select().from(orders).where(eq(orders.clientId, client.id)).orderBy(orders.date) : [];
  const welcomes = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "welcome"), eq(emailOutbox.to, email)));
  return { client, orders: clientOrders.map((o) => o.date), welcomes };
}
