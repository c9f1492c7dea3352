// Cancelling in the billing portal (issue 13 item 9): a confirmation that says what happens to the paid pickups,
// then one cancellation e-mail in the customer's language through the outbox, received on a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { clients, emailOutbox, sandboxSubscriptions } from "#server/db/schema";
import { applySubscriptionState } from "#server/services/subscription-state";
import { testDriver } from "./helpers/database";
import { fromSite, buildApiApp, openCheckout, payWithCard, signupClient, type ApiApp, type TestClock } from "./helpers/api";
import { startSmtpServer, type TestSmtpServer } from "./helpers/mail-smtp";

let app: ApiApp;
let clock: TestClock;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app, clock } = await buildApiApp({ env: { SMTP_URL: smtp.url } }));
});
afterAll(async () => {
  await app.close();
  await smtp.stop();
});

async function paidPortal(email: string, language: "en" | "es") {
  const { sessionId, cookie } = await openCheckout(app, signupClient(clock, { email, language }));
  await payWithCard(app, sessionId, "4242424242424242");
  const link = (await app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(cookie) })).json().portal_url as string;
  return new URL(link).pathname;
}

const cancellations = async (to: string) =>
  (await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((row) => row.kind === "cancellation");

describe(`cancelling a subscription (${testDriver})`, () => {
  it("in English: the portal's Cancel asks first and names the paid pickups; confirming sends one e-mail saying so", async () => {
    const email = "cancel-en@example.com";
    const path = await paidPortal(email, "en");
    // The portal's button only opens the confirmation: nothing is canceled yet.
    expect((await app.inject(path)).body).toContain(`<form method="get" action="${path}/cancel">`);
    const confirm = await app.inject(`${path}/cancel`);
    expect(confirm.statusCode).toBe(200);
    const page = confirm.body;
    expect(page).toContain("<h1>Cancel your subscription?</h1>");
    expect(page).toContain("Your weekly plan ($29.99 / week) ends today: no further weekly charges, and no new pickups are scheduled.");
    expect(page).toContain("The pickups you have already paid for still take place: Thursday, March 7, 2030 and Saturday, March 9, 2030.");
    expect(page).toContain(`<form method="post" action="${path}/cancel">`);
    expect(page).toContain(`href="${path}">Keep my subscription</a>`);
    expect(page).not.toMatch(/<script|<style|\sstyle=/i);
    expect((await app.inject("/api/client/email_exists/" + email)).json()).toEqual({ exists: true });
    expect(await cancellations(email)).toHaveLength(0);

    const done = await app.inject({ method: "POST", url: `${path}/cancel` });
    expect(done.statusCode).toBe(303);
    expect(await cancellations(email)).toHaveLength(1);
    // Cancelling again (a second tab, the provider's webhook) queues no second e-mail.
    await app.inject({ method: "POST", url: `${path}/cancel` });
    expect(await cancellations(email)).toHaveLength(1);

    expect(await app.mail.worker.drain()).toMatchObject({ failed: 0 });
    const mail = smtp.received.find((m) => m.to.includes(email) && /canceled/.test(m.subject));
    expect(mail, "the cancellation e-mail arrived").toBeDefined();
    expect(mail!.subject).toBe("Your FreshFold Laundry subscription is canceled");
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("Your weekly plan was canceled on Monday, March 4, 2030.");
      expect(body).toContain("The pickups you have already paid for still take place: Thursday, March 7, 2030 and Saturday, March 9, 2030.");
      expect(body).toContain("/signup");
    }
    expect(smtp.received.filter((m) => m.to.includes(email) && /canceled/.test(m.subject))).toHaveLength(1);
  });

  it("in Spanish: the confirmation and the e-mail are in the customer's language", async () => {
    const email = "cancel-es@example.com";
    const path = await paidPortal(email, "es");
    const page = (await app.inject(`${path}/cancel`)).body;
    expect(page).toContain("<h1>¿Cancelar tu suscripción?</h1>");
    expect(page).toContain("Las recogidas que ya pagaste se hacen igual: jueves, 7 de marzo de 2030 y sábado, 9 de marzo de 2030.");
    expect(page).toContain("Sí, cancelar mi suscripción");
    await app.inject({ method: "POST", url: `${path}/cancel` });
    await app.mail.worker.drain();
    const mail = smtp.received.find((m) => m.to.includes(email) && /cancelada/.test(m.subject));
    expect(mail, "the Spanish cancellation e-mail arrived").toBeDefined();
    expect(mail!.subject).toBe("Tu suscripción a FreshFold Laundry está cancelada");
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("Tu plan semanal se canceló el lunes 4 de marzo de 2030.");
      expect(body).toContain("Las recogidas que ya pagaste se hacen igual: jueves 7 de marzo de 2030 y sábado 9 de marzo de 2030.");
      expect(body).toContain("/es/signup");
    }
  });

  it("the provider's own word (the webhook path) queues the same single e-mail", async () => {
    const email = "cancel-hook@example.com";
    await paidPortal(email, "en");
    const [client] = await cancellationsClient(email);
    const cancelled = { id: client!.subscriptionId!, status: "canceled", customerId: null, clientId: null, collectionPaused: false, readAt: clock.now() };
    const first = await applySubscriptionState(app.database.db, "sandbox", cancelled, clock.now());
    const again = await applySubscriptionState(app.database.db, "sandbox", cancelled, clock.now());
    expect([first.outcome, again.outcome]).toEqual(["ended", "unchanged"]);
    expect(await cancellations(email)).toHaveLength(1);
  });
});

async function cancellationsClient(email: string) {
  return app.database.db.select({ id: clients.id, subscriptionId: clients.providerSubscriptionId }).from(clients).where(eq(clients.email, email));
}

/** Both sides of a subscription: the sandbox's status and whether our client counts as paying. */
async function bothSides(email: string) {
  const [subscription] = await app.database.db.select({ status: sandboxSubscriptions.status }).from(sandboxSubscriptions).where(eq(sandboxSubscriptions.email, email));
  const [client] = await app.database.db.select({ isActive: clients.isActive }).from(clients).where(eq(clients.email, email));
  return { subscription: subscription?.status, clientActive: client?.isActive };
}

/**
 * Until the returned function is called, queueing this address's cancellation e-mail fails inside the database,
 * the last write of our side's deactivation: the process dying there, as far as the database can tell.
 */
async function failCancellationEmailTo(email: string) {
  const db = app.database.db;
  await db.execute(sql`create or replace function test_fail_cancellation() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`);
  await db.execute(
    sql.raw(`create trigger test_fail_cancellation before insert on email_outbox for each row when (new.kind = 'cancellation' and new."to" = '${email}') execute function test_fail_cancellation()`),
  );
  return async () => {
    await db.execute(sql`drop trigger test_fail_cancellation on email_outbox`);
    await db.execute(sql`drop function test_fail_cancellation()`);
  };
}

describe(`the portal's cancellation is one transaction (${testDriver})`, () => {
  it("a failure while deactivating our client leaves the plan active and Cancel offered; the retry cancels both with one e-mail", async () => {
    const email = "cancel-crash@example.com";
    const path = await paidPortal(email, "en");
    const restore = await failCancellationEmailTo(email);
    try {
      expect((await app.inject({ method: "POST", url: `${path}/cancel` })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await bothSides(email)).toEqual({ subscription: "active", clientActive: true });
    expect((await app.inject(path)).body).toContain(`<form method="get" action="${path}/cancel">`);
    expect((await app.inject(`${path}/cancel`)).body).toContain(`<form method="post" action="${path}/cancel">`);
    expect(await cancellations(email)).toHaveLength(0);

    const retry = await app.inject({ method: "POST", url: `${path}/cancel` });
    expect(retry.statusCode).toBe(303);
    expect(await bothSides(email)).toEqual({ subscription: "canceled", clientActive: false });
    expect(await cancellations(email)).toHaveLength(1);
    expect((await app.inject("/api/client/email_exists/" + email)).json()).toEqual({ exists: false });
  });

  it("two cancel submits at once: both answer the canceled portal, one cancellation e-mail", async () => {
    const email = "cancel-twice@example.com";
    const path = await paidPortal(email, "en");
    const answers = await Promise.all([1, 2].map(() => app.inject({ method: "POST", url: `${path}/cancel` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303]);
    expect(await bothSides(email)).toEqual({ subscription: "canceled", clientActive: false });
    expect(await cancellations(email)).toHaveLength(1);
  });
});
