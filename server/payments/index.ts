// Provider selection: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox served by this server.
// A test passes its own provider through buildApp({ payments }).
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { publicOrigin, type Config } from "../config";
import type { Database } from "../db/index";
import type { PaymentProvider } from "./provider";
import { SandboxPaymentProvider } from "./sandbox";

declare module "fastify" {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/**
 * How long the provider's requests of one browser call may take together, counted from the call's arrival. The
 * browser gives up after PAYMENT_DEADLINE_MS (30 s, src/api/deadline.ts): the rest is for the network and our
 * database, so the browser gets the server's answer (payment_provider_error) instead of its own timeout while
 * the server, still working, might succeed after it gave up.
 */
export const BROWSER_PROVIDER_BUDGET_MS = 20_000;

/** The provider for a call a browser waits on (every route but the reconciler's background pass and webhooks). */
export function browserPayments(app: FastifyInstance, reply: FastifyReply): PaymentProvider {
  return app.payments.within?.(BROWSER_PROVIDER_BUDGET_MS - reply.elapsedTime) ?? app.payments;
}

export async function createPaymentProvider(config: Config, db: Database, now: () => Date): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY) {
    const { StripeProvider } = await import("./stripe");
    return new StripeProvider(config, { now });
  }
  return new SandboxPaymentProvider({ db, origin: publicOrigin(config), now });
}

export default fp<{ provider?: PaymentProvider }>(
  async (app, options) => {
    const provider = options.provider ?? (await createPaymentProvider(app.config, app.database.db, () => app.now()));
    if (provider.name === "sandbox" && app.config.NODE_ENV === "production") {
      app.log.warn("STRIPE_SECRET_KEY is not set: payments go to the sandbox (test mode), which charges no card");
    }
    // Only with ALLOW_TEST_MODE=1: production refuses both otherwise (config.ts).
    if (provider.name === "stripe" && app.config.NODE_ENV === "production") {
      if (/^(sk|rk)_test_/.test(app.config.STRIPE_SECRET_KEY ?? "")) app.log.warn("STRIPE_SECRET_KEY is a test-mode key: Stripe charges no card");
      if (app.config.STRIPE_API_URL) app.log.warn("STRIPE_API_URL is set: payment calls go to another host than Stripe's");
    }
    app.decorate("payments", provider);
  },
  { name: "payments", dependencies: ["database"] },
);
