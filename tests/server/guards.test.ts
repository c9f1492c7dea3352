// Guards against misuse: rate limits (per address and route, shared through Redis), security headers,
// body size and type, and no stack trace in any answer.
import { afterEach, describe, expect, it, vi } from "vitest";
import { randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import { openDatabase, type DatabaseHandle } from "#server/db/index";
import { limitedRoutes } from "#server/plugins/rate-limit";
import { buildTestApp } from "./helpers/app";
import { openTestDatabase, testDriver } from "./helpers/database";
import { redisReachable } from "./helpers/redis";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function appWith(env: Record<string, string> = {}) {
  const app = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: "0", ...env });
  cleanups.push(() => app.close());
  return app;
}

/** A fresh client address per test, so counters (in Redis too) never carry over between runs. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** An e-mail check for a fresh e-mail each time: the shared per-e-mail limit (tests/server/trust.test.ts) stays out of the way. */
let checked = 0;
const emailCheck = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `/api/client/email_exists/someone${++checked}%40example.com`, remoteAddress, headers });

function expectErrorShape(body: unknown, code: string) {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(JSON.stringify(body)).not.toMatch(/stack|\n\s+at /);
}

const redisUp = await redisReachable();
if (!redisUp) console.warn("SKIPPED: the shared rate-limit test needs Redis on 127.0.0.1:6379, which is unreachable");

describe(`rate limits (${testDriver})`, () => {
  it("answers the 31st e-mail check in a minute from one address with 429 in the error shape", async () => {
    const app = await appWith();
    const address = randomAddress();
    for (let i = 1; i <= 30; i++) {
      const res = await emailCheck(app, address);
      expect(res.statusCode, `request ${i}`).toBe(200);
    }
    const limited = await emailCheck(app, address);
    expect(limited.statusCode).toBe(429);
    expectErrorShape(limited.json(), "rate_limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address, and another limited route from the same address, have their own counts.
    expect((await emailCheck(app, randomAddress())).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/service_area/33131", remoteAddress: address })).statusCode).toBe(200);
  });

  it("counts in windows of a minute, and says in Retry-After and the message when the next one starts", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-07T10:00:00Z") });
    cleanups.push(async () => vi.useRealTimers());
    const app = await appWith({ RATE_LIMIT_SERVICE_AREA: "2" });
    const address = randomAddress();
    const call = () => app.inject({ method: "GET", url: "/api/service_area/33131", remoteAddress: address });
    for (let i = 1; i <= 2; i++) expect((await call()).statusCode, `request ${i}`).toBe(200);
    vi.setSystemTime(new Date("2030-01-07T10:00:15.200Z"));
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("45");
    expect(limited.json().error.message).toBe("Too many requests. Please try again in 45 seconds.");
    vi.setSystemTime(new Date("2030-01-07T10:01:00Z"));
    expect((await call()).statusCode).toBe(200);
  });

  it("counts one IPv6 /64 as one client: rotating addresses inside the block does not escape the limit", async () => {
    const app = await appWith({ RATE_LIMIT_SERVICE_AREA: "3" });
    const block = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
    const from = (remoteAddress: string) => app.inject({ method: "GET", url: "/api/service_area/33131", remoteAddress });
    for (let i = 1; i <= 3; i++) expect((await from(`${block}::${i}`)).statusCode, `address ${i} of the block`).toBe(200);
    expect((await from(`${block}:ffff:aaaa:bbbb:cccc`)).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await from(`2001:db8:${randomInt(65536).toString(16)}:1::1`)).statusCode).toBe(200);
  });

  it("limits exactly the calls of product.md SEC-1, each with its own limit, and nothing else", async () => {
    const app = await appWith({
      // The e-mail-keyed calls' shared limit (tests/server/trust.test.ts) is raised out of the way here.
      RATE_LIMIT_EMAIL_CALLS: "1000",
      RATE_LIMIT_EMAIL_EXISTS: "2",
      RATE_LIMIT_SERVICE_AREA: "3",
      RATE_LIMIT_SIGNUPDAY: "4",
      RATE_LIMIT_CONTACT_FORM: "2",
      RATE_LIMIT_NEWSLETTER: "3",
      RATE_LIMIT_CHECKOUT: "4",
    });
    const address = randomAddress();
    const calls: [string, number, () => Promise<{ statusCode: number; json: () => unknown }>][] = [
      ["GET /api/client/email_exists/:email", 2, () => emailCheck(app, address)],
      ["GET /api/service_area/:area", 3, () => app.inject({ method: "GET", url: "/api/service_area/33131", remoteAddress: address })],
      ["GET /api/signupday/:id", 4, () => app.inject({ method: "GET", url: "/api/signupday/2030-01-07", remoteAddress: address })],
      ["POST /api/contact_form", 2, () => app.inject({ method: "POST", url: "/api/contact_form", payload: {}, remoteAddress: address })],
      ["POST /api/newsletter", 3, () => app.inject({ method: "POST", url: "/api/newsletter", payload: {}, remoteAddress: address })],
      [
        "POST /api/payments/create-checkout-session_signup",
        4,
        () => app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: {}, remoteAddress: address }),
      ],
    ];
    expect(calls.map(([route]) => route).sort()).toEqual(Object.keys(limitedRoutes).sort());
    for (const [route, limit, call] of calls) {
      for (let i = 1; i <= limit; i++) expect((await call()).statusCode, `${route} #${i}`).not.toBe(429);
      const res = await call();
      expect(res.statusCode, `${route} #${limit + 1}`).toBe(429);
      expectErrorShape(res.json(), "rate_limited");
    }
    // Unlisted routes are never counted.
    for (let i = 0; i < 40; i++) {
      expect((await app.inject({ method: "GET", url: "/api/health", remoteAddress: address })).statusCode).not.toBe(429);
      expect((await app.inject({ method: "GET", url: "/api/client/set_active/a%40b.co", remoteAddress: address })).statusCode).not.toBe(429);
    }
  });

  it("keys on the forwarded address only with TRUST_PROXY, and then on the hop the proxy saw", async () => {
    const proxy = randomAddress();
    const direct = await appWith({ RATE_LIMIT_EMAIL_EXISTS: "2" });
    // Without TRUST_PROXY a forged header changes nothing: the proxy's address is counted.
    for (let i = 0; i < 2; i++) expect((await emailCheck(direct, proxy, { "x-forwarded-for": randomAddress() })).statusCode).toBe(200);
    expect((await emailCheck(direct, proxy, { "x-forwarded-for": randomAddress() })).statusCode).toBe(429);

    const behindProxy = await appWith({ RATE_LIMIT_EMAIL_EXISTS: "2", TRUST_PROXY: "1" });
    const client = randomAddress();
    for (let i = 0; i < 2; i++) expect((await emailCheck(behindProxy, proxy, { "x-forwarded-for": client })).statusCode).toBe(200);
    expect((await emailCheck(behindProxy, proxy, { "x-forwarded-for": client })).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await emailCheck(behindProxy, proxy, { "x-forwarded-for": randomAddress() })).statusCode).toBe(200);
    // A client prepending a forged address is still keyed on the address the proxy appended.
    expect((await emailCheck(behindProxy, proxy, { "x-forwarded-for": `${randomAddress()}, ${client}` })).statusCode).toBe(429);
  });

  it.skipIf(!redisUp)("shares the count between two server instances through Redis", async () => {
    const env = { NODE_ENV: "test", LOG_LEVEL: "silent", MAIL_WORKER_INTERVAL_MS: "0", REDIS_URL: "redis://127.0.0.1:6379" } as const;
    const database: DatabaseHandle = await openTestDatabase();
    cleanups.push(() => database.close());
    const second: DatabaseHandle =
      testDriver === "postgres" ? await openDatabase({ url: process.env.DATABASE_URL }) : { ...database, close: async () => {} };
    if (testDriver === "postgres") cleanups.push(() => second.close());
    const apps: FastifyInstance[] = [];
    for (const handle of [database, second]) {
      const app = await buildApp({ config: loadConfig(env), database: handle, logger: false });
      await app.ready();
      cleanups.push(() => app.close());
      apps.push(app);
    }
    const address = randomAddress();
    for (let i = 0; i < 30; i++) {
      const res = await emailCheck(apps[i % 2]!, address);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    for (const app of apps) {
      const res = await emailCheck(app, address);
      expect(res.statusCode).toBe(429);
      expectErrorShape(res.json(), "rate_limited");
    }
  });

  it("lets calls through when Redis is down rather than refusing or stalling them", async () => {
    const app = await appWith({ REDIS_URL: "redis://127.0.0.1:1" });
    // Each call is counted three times (its route, then the e-mail limits by address and by e-mail): none may wait
    // for Redis's command timeout (a second each), which took about 2.5 s a call.
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      expect((await emailCheck(app, randomAddress())).statusCode).toBe(200);
      expect(Date.now() - started, `call ${i + 1}`).toBeLessThan(1500);
    }
  });
});

describe(`security headers and bodies (${testDriver})`, () => {
  it("sends the Content-Security-Policy of product.md SEC-2 (decision 004), with no inline script and nothing for Google by default", async () => {
    const app = await appWith();
    // The last two are malformed (bad percent-encoding): answered 400 before any hook runs, with the headers too.
    for (const url of ["/api/health", "/some/page", "/api/nowhere", "/api/service_area/%ff", "/%E0%A4%A"]) {
      const res = await app.inject({ method: "GET", url });
      if (url.includes("%")) expect(res.statusCode, url).toBe(400);
      const csp = String(res.headers["content-security-policy"]);
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc, url).toBe("'self'");
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toMatch(/google|unsafe-eval/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
    // Plain-HTTP development: no HSTS and no upgrade of requests.
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(String(res.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
  });

  it("adds the Maps JavaScript API sources of Google's CSP guide only when a maps key is configured", async () => {
    const app = await appWith({ VITE_GOOGLE_MAPS_API_KEY: "test-key", PUBLIC_URL: "https://freshfold.example" });
    const res = await app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    const directive = (name: string) => new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(csp)?.[1]?.split(" ") ?? [];
    expect(directive("script-src")).toEqual(expect.arrayContaining(["'self'", "https://*.googleapis.com", "https://*.gstatic.com"]));
    expect(directive("script-src")).not.toContain("'unsafe-inline'");
    expect(directive("img-src")).toEqual(expect.arrayContaining(["https://*.googleapis.com", "https://*.gstatic.com", "*.googleusercontent.com", "data:"]));
    expect(directive("connect-src")).toEqual(expect.arrayContaining(["'self'", "https://*.googleapis.com"]));
    expect(directive("frame-src")).toContain("*.google.com");
    expect(directive("worker-src")).toEqual(["blob:"]);
    expect(csp).toContain("upgrade-insecure-requests");
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
  });

  it("refuses a body over the limit with 413 and a non-JSON body with 415, in the error shape", async () => {
    const app = await appWith({ RATE_LIMIT_CONTACT_FORM: "1000", RATE_LIMIT_NEWSLETTER: "1000" });
    const big = await app.inject({
      method: "POST",
      url: "/api/contact_form",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ type: "residential", name: "A", email: "a@b.co", phone: "3055550100", message: "x".repeat(70 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expectErrorShape(big.json(), "payload_too_large");

    for (const [type, payload] of [
      ["text/plain", "hello"],
      ["application/x-www-form-urlencoded", "email=a%40b.co"],
      ["multipart/form-data; boundary=x", "--x--"],
      ["application/xml", "<a/>"],
    ] as const) {
      const res = await app.inject({ method: "POST", url: "/api/newsletter", headers: { "content-type": type }, payload });
      expect(res.statusCode, type).toBe(415);
      expectErrorShape(res.json(), "unsupported_media_type");
    }
    const missingType = await app.inject({ method: "POST", url: "/api/newsletter", payload: Buffer.from('{"email":"a@b.co"}') });
    expect(missingType.statusCode).toBe(415);

    // JSON with a charset is JSON.
    const json = await app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/json; charset=utf-8" },
      payload: JSON.stringify({ email: "reader@example.com", language: "es" }),
    });
    expect(json.statusCode).toBe(200);
    // Malformed JSON is the client's mistake: 400 in the error shape.
    const malformed = await app.inject({ method: "POST", url: "/api/newsletter", headers: { "content-type": "application/json" }, payload: "{nope" });
    expect(malformed.statusCode).toBe(400);
    expectErrorShape(malformed.json(), "bad_request");
  });

  it("never puts a stack trace or an internal message in a response", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: "production", ALLOW_TEST_MODE: "1", LOG_LEVEL: "silent", MAIL_WORKER_INTERVAL_MS: "0", SERVER_SECRET: "s".repeat(40) }), database, logger: false });
    app.get("/api/test-only/throw", async () => {
      throw new Error("secret database detail at /srv/app/server/db.ts:12");
    });
    app.get("/api/test-only/throw-typeerror", async () => {
      const value = undefined as unknown as { x: number };
      return value.x;
    });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    for (const url of ["/api/test-only/throw", "/api/test-only/throw-typeerror"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: "internal_error", message: expect.any(String) } });
      expect(res.body).not.toMatch(/secret|\/srv\/|TypeError|undefined|\.ts:\d+|\n\s+at /);
    }
  });
});
