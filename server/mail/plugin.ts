// The mail plugin: the outbox worker (started when the app is ready, stopped on close) and, outside
// production, without SMTP_URL and with the site's own address on this machine, the development mailbox at
// /dev/mailbox.
import fp from "fastify-plugin";
import { publicOrigin } from "../config";
import devMailboxRoutes, { localName } from "./dev-mailbox";
import { devMailboxTransport, smtpTransport } from "./transport";
import { MailWorker } from "./worker";

declare module "fastify" {
  interface FastifyInstance {
    mail: { worker: MailWorker };
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const { db } = app.database;
    const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : devMailboxTransport(db);
    if (!config.SMTP_URL && config.NODE_ENV === "production") {
      app.log.warn("SMTP_URL is not set: e-mail is kept in the development mailbox table and not delivered");
    }
    const worker = new MailWorker({
      db,
      transport,
      from: config.MAIL_FROM,
      render: { publicUrl: publicOrigin(config), secret: app.trust.secret, now: () => app.now() },
      log: app.log,
      intervalMs: config.MAIL_WORKER_INTERVAL_MS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      leaseMs: config.MAIL_LEASE_MS,
    });
    app.decorate("mail", { worker });
    app.addHook("onReady", async () => worker.start());
    // preClose runs before any onClose hook, so the database is still open while the last pass finishes.
    app.addHook("preClose", async () => worker.stop());

    // A server whose public address is elsewhere is deployed, whatever NODE_ENV says (unset, it is development):
    // behind a proxy on the same machine every visitor's request would come from this machine.
    if (transport.name === "dev-mailbox" && config.NODE_ENV !== "production" && localName(new URL(publicOrigin(config)).hostname)) {
      await app.register(devMailboxRoutes);
    }
  },
  { name: "mail", dependencies: ["database", "error-handler", "trust"] },
);
