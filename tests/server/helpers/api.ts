// The API under test with a settable clock, and sign-up data relative to that clock's "today".
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import type { PaymentProvider } from "../../../server/payments/provider";
import { addDays, todayInServiceZone } from "../../../server/services/dates";
import type { ClientInput } from "../../../src/contract/client";
import { openTestDatabase } from "./database";

export const ORIGIN = "http://localhost:3000";

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

export async function buildApiApp(options: { env?: Record<string, string>; clock?: TestClock; payments?: PaymentProvider } = {}) {
  const clock = options.clock ?? testClock();
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: ORIGIN,
    MAIL_WORKER_INTERVAL_MS: "0",
    RATE_LIMIT_EMAIL_EXISTS: "100000",
    RATE_LIMIT_SERVICE_AREA: "100000",
    RATE_LIMIT_SIGNUPDAY: "100000",
    RATE_LIMIT_CONTACT_FORM: "100000",
    RATE_LIMIT_NEWSLETTER: "100000",
    RATE_LIMIT_CHECKOUT: "100000",
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: false, now: clock.now, payments: options.payments });
  app.addHook("onClose", () => database.close());
  await app.ready();
  return { app, clock };
}

export type ApiApp = Awaited<ReturnType<typeof buildApiApp>>["app"];

/** A valid sign-up client whose pickup days are `firstInDays` and `firstInDays + gap` days from today. */
export function signupClient(clock: TestClock, overrides: Partial<ClientInput> = {}, firstInDays = 3, gap = 2): ClientInput {
  const one = clock.day(firstInDays);
  const two = clock.day(firstInDays + gap);
  return {
    name: "Ana",
    surname: "García",
    email: "ana@example.com",
    phoneNumber: "(305) 555-0100",
    isActive: false,
    startdate: one,
    pickupone: one,
    pickuptwo: two,
    detergent: "scented",
    fabricsoftener: true,
    language: "en",
    address: { street: "Brickell Ave", number: 1200, zip: "33131", city: "Miami", state: "FL", country: "USA", formatted_address: "1200 Brickell Ave, Miami, FL 33131, USA", unit: "12B" },
    ...overrides,
  };
}

export const checkoutBody = (client: ClientInput) => ({
  success_url: `${ORIGIN}/payment-success`,
  cancel_url: `${ORIGIN}/payment-canceled`,
  client,
});

/** Opens a checkout and answers the sandbox session id from its URL. */
export async function openCheckout(app: ApiApp, client: ClientInput) {
  const response = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(client) });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  const url = response.json<{ checkout_url: string }>().checkout_url;
  return { url, sessionId: url.split("/").pop()! };
}

/** The sandbox's Pay button with a card number. */
export const payWithCard = (app: ApiApp, sessionId: string, card: string) =>
  app.inject({
    method: "POST",
    url: `/sandbox/checkout/${sessionId}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ card }).toString(),
  });
