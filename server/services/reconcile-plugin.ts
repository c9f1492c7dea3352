// Runs the reconciler in every server process: a pass once the app is ready, then every RECONCILE_INTERVAL_MS
// (0 turns it off; tests run passes by hand through app.reconciler). Each pass also asks about a few
// subscriptions (SUBSCRIPTION_SYNC_BATCH, each about once every SUBSCRIPTION_SYNC_HOURS).
import fp from "fastify-plugin";
import { Reconciler } from "./reconcile";
import { operatorContact } from "./operator-notices";

declare module "fastify" {
  interface FastifyInstance {
    reconciler: Reconciler;
  }
}

export default fp(
  async (app) => {
    const reconciler = new Reconciler({
      db: app.database.db,
      provider: app.payments,
      now: () => app.now(),
      capacity: app.config.PICKUP_DAILY_CAPACITY,
      operator: operatorContact(app.config),
      intervalMs: app.config.RECONCILE_INTERVAL_MS,
      subscriptionSync: { batch: app.config.SUBSCRIPTION_SYNC_BATCH, periodHours: app.config.SUBSCRIPTION_SYNC_HOURS },
      log: app.log,
    });
    app.decorate("reconciler", reconciler);
    app.addHook("onReady", async () => reconciler.start());
    app.addHook("preClose", async () => reconciler.stop());
  },
  { name: "reconcile", dependencies: ["database", "payments", "mail"] },
);
