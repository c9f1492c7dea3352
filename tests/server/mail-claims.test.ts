// Two workers on one database, sending slowly: each message goes out once (a claim is one message's, stamped with a
// token, renewed while it is sent), a worker that lost its claim never writes over the row, and a sign-in link sent
// late still works for the minutes its e-mail promises (decision 028).
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "#server/db/index";
import { emailOutbox } from "#server/db/schema";
import { queueEmail } from "#server/mail/outbox";
import { smtpTransport, type MailTransport } from "#server/mail/transport";
import { MailWorker } from "#server/mail/worker";
import { openTestDatabase, testDriver } from "./helpers/database";
import { startSmtpServer } from "./helpers/mail-smtp";
import { buildApiApp, openCheckout, payWithCard, signupClient } from "./helpers/api";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const welcome = (to: string) => ({
  kind: "welcome" as const,
  to,
  language: "en" as const,
  data: { firstName: "Ana", pickupDates: ["2030-03-05", "2030-03-07"] },
});
const render = { publicUrl: "http://localhost:3000" };
const from = "hello@freshfold.example";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One database seen by two workers: on PostgreSQL through two pools, like two server processes; PGlite has one connection. */
async function twoHandles() {
  const first: DatabaseHandle = await openTestDatabase();
  cleanups.push(() => first.close());
  if (testDriver !== "postgres") return [first, first] as const;
  const second = await openDatabase({ url: process.env.DATABASE_URL });
  cleanups.push(() => second.close());
  return [first, second] as const;
}

/** A transport whose sends wait until the test settles them, in order. */
function heldTransport() {
  const waiting: { to: string; settle: (error?: Error) => void }[] = [];
  const transport: MailTransport = {
    name: "smtp",
    send: (message) =>
      new Promise((resolve, reject) => {
        waiting.push({ to: message.to, settle: (error) => (error ? reject(error) : resolve({ messageId: message.messageId ?? "none" })) });
      }),
    close: () => {},
  };
  return { transport, waiting };
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`e-mail claims with two workers on one database (${testDriver})`, () => {
  it("sends each message once when a batch outlasts the lease: a claim is one message's and is renewed while it is sent", async () => {
    // Each message takes 600 ms at the SMTP server and a claim lasts 1.5 s unless renewed. A batch claimed at once used
    // to lose the lease of the messages waiting their turn behind the third, and the other worker sent them too.
    const server = await startSmtpServer({ delayMs: 600 });
    cleanups.push(() => server.stop());
    const [one, two] = await twoHandles();
    const count = 6;
    for (let i = 0; i < count; i++) await queueEmail(one.db, welcome(`user${i}@example.com`));
    const workers = [one, two].map((handle) => new MailWorker({ db: handle.db, transport: smtpTransport(server.url), from, render, leaseMs: 1500 }));
    cleanups.push(() => Promise.all(workers.map((w) => w.stop())));
    const sent = async () => (await one.db.select().from(emailOutbox).where(eq(emailOutbox.status, "sent"))).length;
    // Each worker polls as the background loop does, until every message is sent.
    const loop = async (worker: MailWorker) => {
      const deadline = Date.now() + 20_000;
      while ((await sent()) < count && Date.now() < deadline) {
        await worker.drain();
        await sleep(50);
      }
    };
    await Promise.all([loop(workers[0]!), sleep(100).then(() => loop(workers[1]!))]);
    await sleep(700); // a repeat still in flight would reach the server meanwhile
    expect(server.received.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: count }, (_, i) => `user${i}@example.com`).sort());
    const rows = await one.db.select().from(emailOutbox);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ["sent", 1]));
  }, 60_000);

  it("a worker whose claim lapsed and was taken over never writes its late failure over the message the other one sent", async () => {
    const [one, two] = await twoHandles();
    const id = await queueEmail(one.db, welcome("ana@example.com"));
    const slow = heldTransport();
    const fast = heldTransport();
    // A long lease: no renewal comes during the test; the claim lapses by hand, as after a stalled process.
    const a = new MailWorker({ db: one.db, transport: slow.transport, from, render, leaseMs: 60_000, retryBaseMs: 1 });
    const b = new MailWorker({ db: two.db, transport: fast.transport, from, render, leaseMs: 60_000, retryBaseMs: 1 });
    const passA = a.runOnce();
    await until(() => slow.waiting.length === 1, "worker A to start sending");
    await one.db.update(emailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(emailOutbox.id, id!));

    const passB = b.runOnce();
    await until(() => fast.waiting.length === 1, "worker B to take the lapsed claim over");
    fast.waiting[0]!.settle();
    expect(await passB).toMatchObject({ claimed: 1, sent: 1 });
    // A's send now fails: its retry must not put back in the queue a message B has sent.
    slow.waiting[0]!.settle(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" }));
    expect(await passA).toMatchObject({ claimed: 1, retried: 1 });

    const [row] = await one.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null, lockedUntil: null });
    await sleep(20);
    const again = b.runOnce();
    await sleep(50);
    expect(fast.waiting).toHaveLength(1); // no third send
    expect(await again).toMatchObject({ claimed: 0 });
  });

  it("keeps each address's messages in queue order: a second worker does not send one while an earlier one to the same address is being sent", async () => {
    const [one, two] = await twoHandles();
    const ends = await queueEmail(one.db, welcome("ana@example.com"));
    const goesOn = await queueEmail(one.db, welcome("ana@example.com"));
    const other = await queueEmail(one.db, welcome("luis@example.com"));
    const slow = heldTransport();
    const fast = heldTransport();
    const a = new MailWorker({ db: one.db, transport: slow.transport, from, render });
    const b = new MailWorker({ db: two.db, transport: fast.transport, from, render });
    const passA = a.runOnce();
    await until(() => slow.waiting.length === 1, "worker A to start sending");
    const passB = b.runOnce();
    await until(() => fast.waiting.length === 1, "worker B to send");
    expect(fast.waiting[0]!.to).toBe("luis@example.com");
    fast.waiting[0]!.settle();
    expect(await passB).toMatchObject({ claimed: 1, sent: 1 });
    slow.waiting[0]!.settle();
    await until(() => slow.waiting.length === 2, "worker A to send the second message to ana");
    slow.waiting[1]!.settle();
    expect(await passA).toMatchObject({ claimed: 2, sent: 2 });
    const rows = await one.db.select().from(emailOutbox).orderBy(emailOutbox.sentAt, emailOutbox.id);
    const [first, second] = rows.filter((r) => r.to === "ana@example.com");
    expect([first!.id, second!.id]).toEqual([ends, goesOn]);
    expect(first!.sentAt!.getTime()).toBeLessThanOrEqual(second!.sentAt!.getTime());
    expect(rows.find((r) => r.id === other)?.status).toBe("sent");
  });
});

describe(`a sign-in link e-mailed late (${testDriver})`, () => {
  it("works for its 15 minutes from when it is sent, not from when it was asked for: a mail outage does not deliver a dead link", async () => {
    const server = await startSmtpServer({ listen: false });
    cleanups.push(() => server.stop());
    const { app, clock } = await buildApiApp({ env: { SMTP_URL: server.url, MAIL_RETRY_BASE_MS: "1" } });
    cleanups.push(() => app.close());
    const email = "ana@example.com";
    const opened = await openCheckout(app, signupClient(clock, { email }), { remoteAddress: "203.0.113.7" });
    expect((await payWithCard(app, opened.sessionId)).statusCode).toBe(303);
    const ask = await app.inject({ url: `/api/payments/create-portal-session/${encodeURIComponent(email)}`, remoteAddress: "203.0.113.8" });
    expect(ask.json()).toEqual({ sent: true });

    // The mail server is down: the welcome and the sign-in link wait for their retries, for 20 minutes.
    expect(await app.mail.worker.runOnce()).toMatchObject({ claimed: 2, retried: 2 });
    clock.advanceMinutes(20);
    await server.start();
    await sleep(20);
    expect(await app.mail.worker.drain()).toMatchObject({ sent: 2 });

    const signIns = () => server.received.filter((m) => m.text.includes("token=s."));
    expect(signIns()).toHaveLength(1);
    expect(signIns()[0]!.text).toContain("It works once, for 15 minutes.");
    const token = new URL(/https?:\/\/\S+token=\S+/.exec(signIns()[0]!.text)![0]).searchParams.get("token")!;
    // 14 minutes after it was sent (34 after it was asked for): it opens the portal, and no second link goes out.
    clock.advanceMinutes(14);
    const portal = await app.inject({ method: "POST", url: "/api/payments/portal-session", payload: { token }, remoteAddress: "203.0.113.8" });
    expect(portal.json().portal_url).toMatch(/\/sandbox\/portal\//);
    await app.mail.worker.drain();
    expect(signIns()).toHaveLength(1);
  });

  it("still expires 15 minutes after it is sent", async () => {
    const server = await startSmtpServer();
    cleanups.push(() => server.stop());
    const { app, clock } = await buildApiApp({ env: { SMTP_URL: server.url } });
    cleanups.push(() => app.close());
    const email = "luis@example.com";
    const opened = await openCheckout(app, signupClient(clock, { email }), { remoteAddress: "203.0.113.9" });
    expect((await payWithCard(app, opened.sessionId)).statusCode).toBe(303);
    await app.inject({ url: `/api/payments/create-portal-session/${encodeURIComponent(email)}`, remoteAddress: "203.0.113.10" });
    clock.advanceMinutes(5);
    await app.mail.worker.drain();
    const [signIn] = server.received.filter((m) => m.text.includes("token=s."));
    const token = new URL(/https?:\/\/\S+token=\S+/.exec(signIn!.text)![0]).searchParams.get("token")!;
    clock.advanceMinutes(16);
    const portal = await app.inject({ method: "POST", url: "/api/payments/portal-session", payload: { token }, remoteAddress: "203.0.113.10" });
    expect(portal.json()).toEqual({ sent: true });
  });
});
