// Bad bytes are bad input: a NUL, a lone surrogate or an out-of-range id anywhere in a request answers 400
// naming the field (or 404), never 500; and no log line carries SQL or an e-mail address.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { buildApp, loggerOptions } from "#server/app";
import { loadConfig } from "#server/config";
import { safeError, redactText } from "#server/safe-log";
import { openTestDatabase, testDriver } from "./helpers/database";
import { buildApiApp, checkoutBody, signupClient, type ApiApp, type TestClock } from "./helpers/api";
import { buildTestApp } from "./helpers/app";
import { findBadInput } from "#server/plugins/bad-bytes";

let app: ApiApp;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await buildApiApp());
});
afterAll(() => app.close());

const json = (method: "POST" | "PUT", url: string, raw: string) =>
  app.inject({ method, url, payload: raw, headers: { "content-type": "application/json" } });

describe(`bad bytes are bad input (${testDriver})`, () => {
  it("answers 400 naming the path parameter for a NUL or a lone surrogate in it", async () => {
    for (const url of [
      "/api/client/email_exists/ana%00@example.com",
      "/api/client/delete_by_email/ana%00@example.com",
      "/api/client/set_active/%00",
      "/api/payments/create-portal-session/ana%00@example.com",
      "/api/service_area/331%0031",
      "/api/signupday/2030-03-0%00",
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe("validation_failed");
      expect(Object.values(response.json().error.fields ?? {}), url).toContain("invalidCharacters");
    }
    const sandbox = await app.inject("/sandbox/checkout/cs_%00x");
    expect(sandbox.statusCode).toBe(400);
  });

  it("answers 400 naming the JSON field for a NUL, a lone surrogate, or a bad key", async () => {
    const client = signupClient(clock);
    const nul = await json("POST", "/api/client/register/new", JSON.stringify(client).replace('"Ana"', '"An\\u0000a"'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toMatchObject({ code: "validation_failed", fields: { name: "invalidCharacters" } });

    const lone = await json("POST", "/api/client/register/new", JSON.stringify(client).replace('"García"', '"Garc\\ud800a"'));
    expect(lone.statusCode).toBe(400);
    expect(lone.json().error.fields).toEqual({ surname: "invalidCharacters" });

    const nested = await json("POST", "/api/payments/create-checkout-session_signup", JSON.stringify(checkoutBody(client)).replace('"Brickell Ave"', '"Brick\\u0000ell"'));
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields).toEqual({ "client.address.street": "invalidCharacters" });

    const key = await json("POST", "/api/contact_form", '{"type":"residential","name":"Eva","email":"eva@example.com","phone":"3055550100","message":"Hi","x\\u0000":1}');
    expect(key.statusCode).toBe(400);

    const query = await app.inject({ method: "POST", url: "/api/client/send_welcome_email?email=a%00@example.com", payload: '"a@example.com"', headers: { "content-type": "application/json" } });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toEqual({ email: "invalidCharacters" });
  });

  it("keeps paired surrogates (emoji) and other unicode as ordinary text", async () => {
    const response = await json(
      "POST",
      "/api/contact_form",
      JSON.stringify({ type: "residential", name: "Eva 👩🏽‍🔬 Núñez", email: "eva@example.com", phone: "3055550100", message: "¿Hola? 你好 😀" }),
    );
    expect(response.statusCode).toBe(200);
  });

  it("leaves a body read as bytes alone (the Stripe webhook's, checked by its signature): no byte is looked at as a key", () => {
    const bytes = Buffer.from('{"type":"checkout.session.completed"}');
    // A property only a walk over the buffer's own keys would reach.
    Object.defineProperty(bytes, "bad\u0000key", { value: 1, enumerable: true });
    expect(findBadInput(bytes, "body")).toBeUndefined();
    expect(findBadInput({ nested: { "bad\u0000key": 1 } }, "body")).toEqual({ field: "nested", reason: "invalidCharacters" });
  });

  it("refuses a body nested deeper than any call, with 400", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const response = await json("POST", "/api/contact_form", deep);
    expect(response.statusCode).toBe(400);
  });

  it("answers 404 for a mailbox id out of the database's integer range, 400 for one that is no number", async () => {
    for (const id of ["2147483648", "99999999999999999999999", "0"]) {
      const response = await app.inject(`/dev/mailbox/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect((await app.inject(`/dev/mailbox/${id}/html`)).statusCode, id).toBe(404);
    }
    expect((await app.inject("/dev/mailbox/1e3")).statusCode).toBe(400);
    expect((await app.inject("/dev/mailbox/2147483647")).statusCode).toBe(404);
  });

  it("logs a failed query without its SQL, its parameters or an e-mail address", async () => {
    let caught: unknown;
    try {
      await app.database.db.execute(sql`select ${"ana@example.com\u0000"}::text as x from clients where email = ${"ana@example.com\u0000"}`);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    const logged = JSON.stringify(safeError(caught));
    expect(logged).not.toMatch(/select|clients|ana@example\.com|params/i);
    expect(redactText("GET /api/client/email_exists/ana%40example.com?email=b@c.de")).toBe("GET /api/client/email_exists/***@***?email=***@***");
  });

  it("masks an address after a long run of text without one, as in a short text (a 1 MB line)", () => {
    // A pattern that rescanned the run from each of its characters took minutes here (and a 16 KB request
    // address held the server for 0.4 s): every request's address is masked before it is logged.
    const run = "x".repeat(1_000_000);
    expect(redactText(`${run} ana@example.com /${run}%40example.com`)).toBe(`${run} ***@*** /***@***`);
    expect(redactText(`${run}@`)).toBe(`${run}@`);
  });

  it("logs a long request address cut short, with no e-mail address in it, and answers it as before", async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: "0" }, { logLines: lines, database: app.database, now: clock.now });
    const long = "y".repeat(15_000);
    const answers = [
      await logged.inject(`/api/service_area/${long}`),
      await logged.inject(`/api/client/email_exists/${long}ana.perez@example.com`),
      await logged.inject(`/${long}?email=ana.perez@example.com`),
    ];
    await logged.close();
    // Longer than a path parameter may be (Fastify's limit): not found, never a server error.
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    const requestLines = lines.filter((line) => line.includes(long.slice(0, 100)));
    expect(requestLines.length).toBe(2);
    for (const line of requestLines) {
      expect(line.length).toBeLessThan(5000);
      expect(line).toMatch(/… \(\d+ more characters\)/);
    }
    expect(lines.join("\n")).not.toMatch(/ana\.perez|ana@/);
    // The address glued to the long run is masked whole.
    expect(lines.join("\n")).toContain('"url":"/api/client/email_exists/***@***"');
  });

  it("writes no e-mail address and no e-mailed link's token into the request log lines", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", PUBLIC_URL: "http://localhost:3000", MAIL_WORKER_INTERVAL_MS: "0", RECONCILE_INTERVAL_MS: "0" });
    const logged = await buildApp({ config, database, logger: { ...loggerOptions(config), stream }, now: clock.now });
    await logged.ready();
    await logged.inject("/api/client/email_exists/ana.perez@example.com");
    await logged.inject("/api/client/email_exists/ana%00@example.com");
    // A welcome e-mail's or sign-in link's token opens the customer's billing portal: a bearer secret.
    await logged.inject("/?token=w1.SECRETwelcome-token_value");
    await logged.inject("/es/?lang=es&token=SECRETsign-in&x=1");
    await logged.inject("/payment-success?session_id=cs_SECRET123");
    await logged.close();
    await database.close();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toMatch(/ana\.perez|ana%00|ana@|SECRET/);
    // The lines still say which page was asked for.
    expect(lines.join("\n")).toContain("/es/?lang=es&token=[redacted]&x=1");
  });
});
