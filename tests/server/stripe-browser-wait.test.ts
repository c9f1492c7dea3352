// A call a browser waits on gets the server's answer before the browser gives up (src/api/deadline.ts: 30 s),
// even when Stripe never answers: the real stripe client against the local fake, stalled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, format, parseISO } from "date-fns";
import type { FastifyInstance } from "fastify";
import { buildTestApp } from "./helpers/app";
import { checkoutCookie, fromSite } from "./helpers/api";
import { startFakeStripe, type FakeStripe } from "./fakes/stripe-api";
import { validClient } from "../fixtures/client";

let fake: FakeStripe;
let app: FastifyInstance;
/** A paying customer (for the portal) and a checkout not paid yet, opened while Stripe still answered. */
let paid: { sessionId: string; cookie: string };
let pending: { sessionId: string; cookie: string };

function newYorkDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  return format(addDays(parseISO(today), days), "yyyy-MM-dd");
}

const checkoutRequest = (email: string, cookie?: string) =>
  app.inject({
    method: "POST",
    url: "/api/payments/create-checkout-session_signup",
    headers: fromSite(cookie),
    payload: {
      success_url: "http://localhost:3000/payment-success",
      cancel_url: "http://localhost:3000/payment-canceled",
      client: validClient({ email }, [newYorkDate(2), newYorkDate(4)]),
    },
  });

/** A checkout Stripe opened: its session and the paying browser's cookie. */
async function checkout(email: string) {
  const response = await checkoutRequest(email);
  expect(response.statusCode, response.body).toBe(200);
  const url = response.json<{ checkout_url: string }>().checkout_url;
  const session = [...fake.sessions.values()].find((s) => s.url === url)!;
  return { sessionId: session.id, cookie: checkoutCookie(response) };
}

beforeAll(async () => {
  fake = await startFakeStripe();
  app = await buildTestApp({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: "whsec_test_browser_wait",
    STRIPE_API_URL: fake.url,
    RATE_LIMIT_CHECKOUT: "1000",
    CHECKOUT_OPEN_PER_ADDRESS: "1000",
    MAIL_WORKER_INTERVAL_MS: "0",
  });
  paid = await checkout("wait-paid@example.com");
  fake.completeSession(paid.sessionId);
  expect((await app.inject({ url: "/api/client/set_active/wait-paid@example.com", headers: fromSite(paid.cookie) })).statusCode).toBe(200);
  pending = await checkout("wait-pending@example.com");
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

describe("Stripe never answers", () => {
  // No duration is asserted: the routes must answer at all within this test's timeout (the setup is in beforeAll).
  // The old client settings (20 s a request, two retries) kept each of these calls waiting over 60 s and the
  // replacing checkout, which asks Stripe twice, over two minutes; within the browser's budget
  // (server/payments/index.ts) the slowest answers after about 20 s (26 s measured at a load average of 30 on
  // 2 cores). The waits are timers, not work, so a loaded machine hardly lengthens them.
  it("answers payment_provider_error to the checkout, the post-payment call and the portal, while the browser still waits", { timeout: 50_000 }, async () => {
    const asked = fake.requests.length;

    fake.stall(true);
    const [replacing, setActive, portal] = await Promise.all([
      // Closes the open checkout at Stripe and asks about it (two requests), before it would open a new one.
      checkoutRequest("wait-pending@example.com", pending.cookie),
      // The payment is not recorded yet: Stripe is asked.
      app.inject({ url: "/api/client/set_active/wait-pending@example.com", headers: fromSite(pending.cookie) }),
      app.inject({ url: "/api/payments/create-portal-session/wait-paid%40example.com", headers: fromSite(paid.cookie) }),
    ]);
    for (const response of [replacing, setActive, portal]) {
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json()).toMatchObject({ error: { code: "payment_provider_error" } });
    }
    // Stripe was asked (and never answered): the answers are the server's giving up, not a skipped call.
    const stalled = fake.requests.slice(asked).map((r) => `${r.method} ${r.path.replace(/cs_test_\w+/, ":id")}`);
    expect(stalled).toEqual(
      expect.arrayContaining(["POST /v1/checkout/sessions/:id/expire", "GET /v1/checkout/sessions/:id", "POST /v1/billing_portal/sessions"]),
    );
    expect(fake.sessions.get(pending.sessionId)?.status).toBe("open");
  });
});
