// The real app on Stripe: the real stripe client talking to the local fake of Stripe's API, sign-ups through the
// checkout call, and Stripe's signed webhooks delivered through app.inject.
import { expect } from "vitest";
import { addDays, format, parseISO } from "date-fns";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { ClientInput } from "#contract/client";
import { startFakeStripe, signWebhookPayload, type FakeSession, type FakeStripe } from "../fakes/stripe-api";
import { buildTestApp } from "./app";
import { checkoutCookie, fromSite } from "./api";
import { validClient } from "../../fixtures/client";

export const WEBHOOK_SECRET = "whsec_test_freshfold_webhook_secret";

/** A date in New York, `days` after today (the fake runs on the real clock). */
export function newYorkDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  return format(addDays(parseISO(today), days), "yyyy-MM-dd");
}

/** A sign-up (Spanish-speaking unless told) whose pickups are 2 and 4 days from today in New York. */
export function stripeSignupClient(email: string, language: ClientInput["language"] = "es"): ClientInput {
  const address = { street: "Brickell Ave", number: 1200, zip: "33131", city: "Miami", state: "FL", country: "USA" };
  return validClient({ email, surname: "Pérez", phoneNumber: "(305) 555-0199", detergent: "hypoallergenic", language, address }, [newYorkDate(2), newYorkDate(4)]);
}

export interface StripeTestApp {
  fake: FakeStripe;
  app: FastifyInstance;
  /** Runs the sign-up's checkout call (in Spanish unless told) and returns the Stripe session the server opened. */
  checkout(email: string, language?: ClientInput["language"]): Promise<FakeSession>;
  /** The headers of the paying browser's calls (its checkout cookie on the site's call). */
  payingBrowser(email: string): Record<string, string>;
  /** POSTs a Stripe event to the webhook, signed with the app's secret unless told otherwise. */
  deliver(event: object, options?: { secret?: string; signature?: string }): Promise<LightMyRequestResponse>;
  /** A sign-up paid at Stripe and its completion webhook delivered (answered 200): the paid session. */
  paidThroughWebhook(email: string, language?: ClientInput["language"]): Promise<FakeSession>;
  close(): Promise<void>;
}

export async function startStripeApp(env: Record<string, string> = {}): Promise<StripeTestApp> {
  const fake = await startFakeStripe();
  const app = await buildTestApp({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    // Every checkout here comes from one address; the limits are tested in trust.test.ts.
    RATE_LIMIT_CHECKOUT: "1000",
    CHECKOUT_OPEN_PER_ADDRESS: "1000",
    MAIL_WORKER_INTERVAL_MS: "0",
    ...env,
  });
  const cookies = new Map<string, string>();

  const testApp: StripeTestApp = {
    fake,
    app,
    async checkout(email, language) {
      const response = await app.inject({
        method: "POST",
        url: "/api/payments/create-checkout-session_signup",
        payload: {
          success_url: "http://localhost:3000/payment-success",
          cancel_url: "http://localhost:3000/payment-canceled",
          client: stripeSignupClient(email, language),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const url = (response.json() as { checkout_url: string }).checkout_url;
      expect(new URL(url).origin).toBe("https://checkout.stripe.com");
      cookies.set(email, checkoutCookie(response));
      const session = [...fake.sessions.values()].find((s) => s.url === url);
      if (!session) throw new Error(`no fake session behind ${url}`);
      return session;
    },
    payingBrowser: (email) => fromSite(cookies.get(email)),
    deliver(event, options = {}) {
      const payload = JSON.stringify(event);
      return app.inject({
        method: "POST",
        url: "/api/payments/webhook",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": options.signature ?? signWebhookPayload(payload, options.secret ?? WEBHOOK_SECRET),
        },
        payload,
      });
    },
    async paidThroughWebhook(email, language) {
      const paid = fake.completeSession((await testApp.checkout(email, language)).id);
      expect((await testApp.deliver(fake.event("checkout.session.completed", paid))).statusCode).toBe(200);
      return paid;
    },
    async close() {
      await app.close();
      await fake.close();
    },
  };
  return testApp;
}
