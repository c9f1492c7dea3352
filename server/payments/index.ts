// Provider selection: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox served by this server.
// A test passes its own provider through buildApp({ payments }).
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
    app.decorate("payments", provider);
  },
  { name: "payments", dependencies: ["database"] },
);
