// E-mail: the outbox, the worker (retries, outage, two workers) and the templates, received on a real SMTP server.
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import { openDatabase, type DatabaseHandle } from "#server/db/index";
import { emailOutbox } from "#server/db/schema";
import { queueEmail } from "#server/mail/outbox";
import { brand } from "../../src/config/brand";
import { buildTestApp } from "./helpers/app";
import { openTestDatabase, testDriver } from "./helpers/database";
import { startSmtpServer, type TestSmtpServer } from "./helpers/mail-smtp";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function appWith(env: Record<string, string>) {
  const app = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: "0", ...env });
  cleanups.push(() => app.close());
  return app;
}

async function smtp(options?: Parameters<typeof startSmtpServer>[0]) {
  const server = await startSmtpServer(options);
  cleanups.push(() => server.stop());
  return server;
}

const welcome = (to: string, language: "en" | "es", firstName = "Ana") => ({
  kind: "welcome" as const,
  to,
  language,
  // A Monday and a Thursday; the renewal is the Sunday after the Monday.
  data: { firstName, lastName: "Pérez", pickupDates: ["2026-12-10", "2026-12-07"] },
});

describe(`mail (${testDriver})`, () => {
  let server: TestSmtpServer;

  it("sends the welcome e-mail in English with the plan, the pickup weekdays and the way to the portal", async () => {
    server = await smtp();
    const app = await appWith({ SMTP_URL: server.url, PUBLIC_URL: "https://freshfold.example" });
    await queueEmail(app.database.db, welcome("ana@example.com", "en"));
    expect(await app.mail.worker.drain()).toMatchObject({ sent: 1, retried: 0, failed: 0 });

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.headers.from).toContain("hello@freshfold.example");
    expect(mail.subject).toBe("Welcome to FreshFold Laundry, Ana! Your weekly plan is active");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Welcome, Ana!");
      expect(body).toContain("Charged today: $19.99");
      expect(body).toContain("Then $29.99 every week, starting Sunday, December 13, 2026.");
      expect(body).toContain("Your pickup days: every Monday and Thursday.");
      expect(body).toContain("First pickups: Monday, December 7, 2026 and Thursday, December 10, 2026.");
      // The portal link carries the sealed token of this address and never the address itself
      // (tests/server/trust.test.ts checks what it opens).
      expect(body).toMatch(/https:\/\/freshfold.example\/\?token=w\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+(\s|"|$)/m);
      expect(body).not.toMatch(/https?:\/\/\S*(@|%40|email=)/);
      expect(body).toContain("Cancel anytime");
      expect(body).toContain(brand.phone);
      expect(body).toContain(brand.email);
    }
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toMatch(/<a href="https:\/\/freshfold.example\/\?token=w\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+"[^>]*>Open the billing portal<\/a>/);

    const [row] = await app.database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("sends the welcome e-mail in Spanish", async () => {
    server = await smtp();
    const app = await appWith({ SMTP_URL: server.url });
    await queueEmail(app.database.db, welcome("luis@example.com", "es", "Luis"));
    await app.mail.worker.drain();
    const mail = server.received[0]!;
    expect(mail.subject).toBe("¡Te damos la bienvenida a FreshFold Laundry, Luis! Tu plan semanal está activo");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("¡Hola, Luis, te damos la bienvenida!");
      expect(body).toContain("Cobrado hoy: $19.99");
      expect(body).toContain("Después, $29.99 cada semana a partir del domingo 13 de diciembre de 2026.");
      expect(body).toContain("Tus días de recogida: cada lunes y jueves.");
      expect(body).toContain("Cancela cuando quieras");
      // The portal link opens the Spanish home (/es/), with the sealed token of this address and not the address.
      expect(body).toMatch(/http:\/\/localhost:3000\/es\/\?token=w\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+(\s|"|$)/m);
      expect(body).not.toMatch(/https?:\/\/\S*(@|%40|email=)/);
    }
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("Abrir el portal de facturación");
  });

  it("escapes everything interpolated into the HTML", async () => {
    server = await smtp();
    const app = await appWith({ SMTP_URL: server.url });
    await queueEmail(app.database.db, welcome("x@example.com", "en", `<img src=x onerror="alert(1)">&`));
    await queueEmail(app.database.db, {
      kind: "contact-notification",
      to: "team@freshfold.example",
      language: "en",
      data: { type: "residential", name: "<b>Eve</b>", email: "eve@example.com", phone: "305", message: "<script>alert(1)</script>" },
    });
    await app.mail.worker.drain();
    expect(server.received).toHaveLength(2);
    for (const mail of server.received) {
      expect(mail.html).not.toMatch(/<img src=x|<script>|<b>Eve/);
    }
    expect(server.received[0]!.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;");
    expect(server.received[1]!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The text version is plain text: shown as typed.
    expect(server.received[1]!.text).toContain("<script>alert(1)</script>");
  });

  it("sends the operator's contact notification in English, with every field and reply-to the sender", async () => {
    server = await smtp();
    const app = await appWith({ SMTP_URL: server.url, CONTACT_INBOX: "ops@freshfold.example" });
    await queueEmail(app.database.db, {
      kind: "contact-notification",
      to: app.config.CONTACT_INBOX,
      language: "es",
      data: {
        type: "commercial",
        name: "María López",
        businessName: "Hotel Brisa",
        email: "maria@hotelbrisa.example",
        phone: "(305) 555-0100",
        message: "Necesitamos 200 toallas por semana.\nGracias.",
        language: "es",
        receivedAt: "2026-11-22T17:05:00.000Z",
      },
    });
    await app.mail.worker.drain();
    const mail = server.received[0]!;
    expect(mail.to).toEqual(["ops@freshfold.example"]);
    expect(mail.headers["reply-to"]).toContain("maria@hotelbrisa.example");
    expect(mail.subject).toBe("New contact message (Commercial) from María López");
    for (const expected of ["Commercial", "María López", "Hotel Brisa", "maria@hotelbrisa.example", "(305) 555-0100", "Spanish", "Necesitamos 200 toallas por semana."]) {
      expect(mail.text).toContain(expected);
      expect(mail.html).toContain(expected);
    }
    expect(mail.text).toContain("Business name: Hotel Brisa");
    expect(mail.text).toContain("Received: Sunday, November 22, 2026 at 12:05 PM (America/New_York)");
  });

  it("queues a message once per dedupe key, and rejects bad data when queueing", async () => {
    server = await smtp();
    const app = await appWith({ SMTP_URL: server.url });
    const db = app.database.db;
    const first = await queueEmail(db, { ...welcome("ana@example.com", "en"), dedupeKey: "welcome:1" });
    const second = await queueEmail(db, { ...welcome("ana@example.com", "en"), dedupeKey: "welcome:1" });
    expect(first).toBeTypeOf("number");
    expect(second).toBeNull();
    // Inside a transaction too.
    await db.transaction(async (tx) => {
      expect(await queueEmail(tx, { ...welcome("ana@example.com", "en"), dedupeKey: "welcome:1" })).toBeNull();
    });
    await app.mail.worker.drain();
    expect(server.received).toHaveLength(1);

    await expect(queueEmail(db, { kind: "welcome", to: "ana@example.com", language: "en", data: { firstName: "Ana" } })).rejects.toThrow();
    await expect(queueEmail(db, { ...welcome("not-an-email", "en") })).rejects.toThrow();
    await expect(queueEmail(db, { ...welcome("ana@example.com", "fr" as "en") })).rejects.toThrow();
  });

  it("delays mail during an SMTP outage but loses none", async () => {
    server = await smtp();
    await server.stop(); // the mail server is down
    const app = await appWith({ SMTP_URL: server.url, MAIL_RETRY_BASE_MS: "1000" });
    const db = app.database.db;
    await queueEmail(db, welcome("ana@example.com", "en"));
    await queueEmail(db, welcome("luis@example.com", "es", "Luis"));
    const rowsNow = () => db.select().from(emailOutbox).orderBy(emailOutbox.id);
    const untilDue = async (rows: { nextAttemptAt: Date }[]) => {
      const due = Math.max(...rows.map((r) => r.nextAttemptAt.getTime()));
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 50));
    };

    const firstTry = Date.now();
    expect(await app.mail.worker.runOnce()).toMatchObject({ claimed: 2, sent: 0, retried: 2 });
    let rows = await rowsNow();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([["pending", 1], ["pending", 1]]);
    expect(rows[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(rows[0]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(firstTry + 1000 - 100);
    // Not due yet: nothing is claimed.
    expect(await app.mail.worker.runOnce()).toMatchObject({ claimed: 0 });

    await untilDue(rows);
    const secondTry = Date.now();
    expect(await app.mail.worker.runOnce()).toMatchObject({ claimed: 2, retried: 2 }); // still down: backoff doubles
    rows = await rowsNow();
    expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
    expect(rows[0]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(secondTry + 2000 - 100);
    expect(server.received).toHaveLength(0);

    await server.start(); // back up
    await untilDue(rows);
    expect(await app.mail.worker.drain()).toMatchObject({ sent: 2 });
    expect(server.received.map((m) => m.to[0]).sort()).toEqual(["ana@example.com", "luis@example.com"]);
    rows = await rowsNow();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([["sent", 3], ["sent", 3]]);
  });

  it("gives up a message the server rejects permanently only after several attempts, and keeps it", async () => {
    const { SMTPServer } = await import("smtp-server");
    const rejecting = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error("No such user"), { responseCode: 550 })),
    });
    rejecting.on("error", () => {}); // a client's dropped connection, not this test's concern
    await new Promise<void>((resolve) => rejecting.listen(0, "127.0.0.1", () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => rejecting.close(() => resolve())));
    const port = (rejecting.server.address() as { port: number }).port;
    const app = await appWith({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: "1" });
    const id = await queueEmail(app.database.db, welcome("nobody@example.com", "en"));
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 20));
      await app.mail.worker.runOnce();
    }
    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: "failed", attempts: 5 });
    expect(row?.lastError).toMatch(/No such user/);
  });

  it("never sends the same message twice with two app instances on one database", async () => {
    server = await smtp({ delayMs: 5 });
    const database: DatabaseHandle = await openTestDatabase();
    cleanups.push(() => database.close());
    // PGlite has one connection: both instances share the handle. PostgreSQL: two pools, like two processes.
    const second: DatabaseHandle =
      testDriver === "postgres" ? await openDatabase({ url: process.env.DATABASE_URL }) : { ...database, close: async () => {} };
    if (testDriver === "postgres") cleanups.push(() => second.close());
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SMTP_URL: server.url, MAIL_WORKER_INTERVAL_MS: "0" });
    const apps: FastifyInstance[] = [];
    for (const handle of [database, second]) {
      const app = await buildApp({ config, database: handle, logger: false });
      await app.ready();
      cleanups.push(() => app.close());
      apps.push(app);
    }
    const count = 40;
    for (let i = 0; i < count; i++) await queueEmail(database.db, welcome(`user${i}@example.com`, i % 2 ? "es" : "en", `User${i}`));

    const results = await Promise.all(apps.flatMap((app) => [app.mail.worker.drain(), app.mail.worker.drain()]));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(count);
    expect(server.received).toHaveLength(count);
    expect(new Set(server.received.map((m) => m.to[0])).size).toBe(count);
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("sends in the background once the app is ready, and stops on close", async () => {
    server = await smtp();
    const app = await buildTestApp({ SMTP_URL: server.url, MAIL_WORKER_INTERVAL_MS: "20" });
    await queueEmail(app.database.db, welcome("ana@example.com", "en"));
    const deadline = Date.now() + 5000;
    while (server.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(server.received).toHaveLength(1);
    await app.close();
  });
});

describe(`development mailbox (${testDriver})`, () => {
  it("keeps messages without SMTP_URL and lists them as HTML and JSON", async () => {
    const app = await appWith({});
    await queueEmail(app.database.db, welcome("ana@example.com", "en"));
    await queueEmail(app.database.db, welcome("luis@example.com", "es", "Luis"));
    await app.mail.worker.drain();

    const json = await app.inject({ method: "GET", url: "/dev/mailbox.json" });
    expect(json.statusCode).toBe(200);
    const { messages } = json.json<{ messages: { id: number; to: string; subject: string; html: string; text: string; from: string }[] }>();
    expect(messages.map((m) => m.to)).toEqual(["luis@example.com", "ana@example.com"]);
    expect(messages[1]).toMatchObject({ subject: "Welcome to FreshFold Laundry, Ana! Your weekly plan is active", from: "FreshFold Laundry <hello@freshfold.example>" });
    expect(messages[1]!.text).toContain("Charged today: $19.99");

    const filtered = await app.inject({ method: "GET", url: "/dev/mailbox.json?to=LUIS@example.com" });
    expect(filtered.json<{ messages: unknown[] }>().messages).toHaveLength(1);

    const page = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body.match(/<h1>/g)).toHaveLength(1);
    expect(page.body).toContain('<th scope="col">Subject</th>');
    expect(page.body).toContain(`<a href="/dev/mailbox/${messages[1]!.id}">Welcome to FreshFold Laundry, Ana! Your weekly plan is active</a>`);

    const one = await app.inject({ method: "GET", url: `/dev/mailbox/${messages[0]!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain("¡Te damos la bienvenida a FreshFold Laundry, Luis!");
    expect(one.body).toContain('<iframe title="HTML version of the message"');
    const htmlVersion = await app.inject({ method: "GET", url: `/dev/mailbox/${messages[0]!.id}/html` });
    expect(htmlVersion.body).toBe(messages[0]!.html);
    expect(htmlVersion.headers["content-security-policy"]).toContain("default-src 'none'");
    expect((await app.inject({ method: "GET", url: "/dev/mailbox/999999" })).statusCode).toBe(404);
  });

  it("is never served in production, nor when SMTP_URL is set", async () => {
    const production = await appWith({ NODE_ENV: "production", ALLOW_TEST_MODE: "1", SERVER_SECRET: "s".repeat(40) });
    for (const url of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox/1"]) {
      const res = await production.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: "not_found" } });
    }
    const withSmtp = await appWith({ SMTP_URL: "smtp://127.0.0.1:1" });
    expect((await withSmtp.inject({ method: "GET", url: "/dev/mailbox.json" })).statusCode).toBe(404);
  });
});
