// The service-area call for a ZIP code, answered ahead of Fastify's routing (server/routes/service-area.ts,
// server/first-answer.ts), over a real socket: the route's very answer and headers, and its rate limit under the
// key Fastify's hook counts, with and without trusted proxies, in memory and in Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp, loggerOptions } from "#server/app";
import { requestAddress } from "#server/client-address";
import { loadConfig } from "#server/config";
import { comingSoonZipCodes } from "#domain/service-areas";
import { openTestDatabase, testDriver } from "./helpers/database";
import { redisReachable } from "./helpers/redis";
import { answerHeaders, overSocket } from "./helpers/socket";

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const redisUp = await redisReachable();
if (!redisUp) console.warn("SKIPPED: the Redis case needs Redis on 127.0.0.1:6379, which is unreachable");

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/**
 * The real app listening on a port, without a built site (an empty SITE_ROOT: the call's answer is the same);
 * `routed()` counts the requests that went through Fastify's routing.
 */
async function listening(env: Record<string, string> = {}) {
  const database = await openTestDatabase();
  const lines: string[] = [];
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    PUBLIC_URL: "http://localhost:3000",
    RECONCILE_INTERVAL_MS: "0",
    SITE_ROOT: mkdtempSync(path.join(tmpdir(), "no-site-")),
    ...env,
  });
  const app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } } });
  apps.push(app);
  app.addHook("onClose", () => database.close());
  let routed = 0;
  app.addHook("onRequest", async () => {
    routed++;
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    lines,
    routed: () => routed,
    send: (method: string, url: string, headers: Record<string, string> = {}) => overSocket(port, method, url, headers),
  };
}

const served = "/api/service_area/33131";
const byName = "/api/service_area/Brickell";
const errorCode = (body: Buffer) => (JSON.parse(body.toString()) as { error?: { code?: string } }).error?.code;

describe(`the service-area call for a ZIP code, answered ahead of Fastify's routing (${testDriver})`, () => {
  let site: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    site = await listening();
  });

  it("answers a ZIP code with the route's very status, headers and bytes, never entering Fastify", async () => {
    const comingSoon = Object.keys(comingSoonZipCodes)[0]!;
    const expected: Record<string, unknown> = {
      "33131": { available: true, area: "Downtown & Brickell", deliveryTime: "same-day" },
      [comingSoon]: { available: false, comingSoon: true, area: comingSoonZipCodes[comingSoon] },
      "99999": { available: false },
    };
    for (const [zip, answer] of Object.entries(expected)) {
      const before = site.routed();
      const sent = await site.send("GET", `/api/service_area/${zip}`);
      expect(site.routed() - before, zip).toBe(0);
      const routed = await site.app.inject({ url: `/api/service_area/${zip}` });
      expect(sent.status).toBe(200);
      expect(sent.status).toBe(routed.statusCode);
      expect(answerHeaders(sent.headers), zip).toEqual(answerHeaders(routed.headers));
      expect(sent.body.equals(routed.rawPayload)).toBe(true);
      expect(JSON.parse(sent.body.toString())).toEqual(answer);
      expect(sent.headers["content-security-policy"]).toContain("script-src 'self'");
    }
  });

  it.each([
    ["GET", byName, 200],
    ["GET", `${served}?from=home`, 200],
    ["GET", "/api/service_area/331311", 200],
    ["GET", "/api/service_area/3313", 200],
    ["GET", "/api/service_area/3313%31", 200],
    ["HEAD", served, 200],
    ["POST", served, 404],
  ])("leaves %s %s to Fastify's route, which answers %d", async (method, url, status) => {
    const before = site.routed();
    const sent = await site.send(method, url);
    expect(site.routed() - before).toBe(1);
    expect(sent.status).toBe(status);
  });

  it("counts its calls under the route's limit and key; past the limit the route answers the 429", async () => {
    const limitedSite = await listening({ RATE_LIMIT_SERVICE_AREA: "3" });
    // One client (this socket's address): a forged X-Forwarded-For changes nothing without TRUST_PROXY.
    expect((await limitedSite.send("GET", served, { "x-forwarded-for": randomAddress() })).status).toBe(200);
    expect((await limitedSite.send("GET", byName, { "x-forwarded-for": randomAddress() })).status).toBe(200);
    expect((await limitedSite.send("GET", served, { "x-forwarded-for": randomAddress() })).status).toBe(200);
    expect(limitedSite.routed()).toBe(1);

    const limited = await limitedSite.send("GET", served);
    expect(limitedSite.routed()).toBe(2);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(errorCode(limited.body)).toBe("rate_limited");
    expect((await limitedSite.send("GET", byName)).status).toBe(429);
  });

  it("with TRUST_PROXY, counts each forwarded client under the key Fastify's hook uses", async () => {
    const proxied = await listening({ RATE_LIMIT_SERVICE_AREA: "2", TRUST_PROXY: "1" });
    const client = randomAddress();
    expect((await proxied.send("GET", served, { "x-forwarded-for": client })).status).toBe(200);
    expect((await proxied.send("GET", byName, { "x-forwarded-for": client })).status).toBe(200);
    expect((await proxied.send("GET", served, { "x-forwarded-for": client })).status).toBe(429);
    expect((await proxied.send("GET", byName, { "x-forwarded-for": client })).status).toBe(429);
    // Another client behind the same proxy has its own count; one prepending a forged address does not.
    expect((await proxied.send("GET", served, { "x-forwarded-for": randomAddress() })).status).toBe(200);
    expect((await proxied.send("GET", served, { "x-forwarded-for": `${randomAddress()}, ${client}` })).status).toBe(429);
  });

  it("reads a request's client address as Fastify's request.ip does, for every form of TRUST_PROXY", async () => {
    for (const trustProxy of ["", "true", "1", "2", "127.0.0.1", "10.0.0.0/8, 127.0.0.1", "loopback", "192.0.2.1"]) {
      const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: trustProxy });
      const addressOf = requestAddress(config.TRUST_PROXY);
      const probe = Fastify({ trustProxy: config.TRUST_PROXY });
      probe.get("/", async (request) => ({ fastify: request.ip, ours: addressOf(request.raw) }));
      for (const forwarded of [undefined, "203.0.113.5", "198.51.100.7, 203.0.113.5", "not-an-address, 10.1.2.3", "10.9.9.9, 10.1.2.3, 203.0.113.5"]) {
        const answer = (await probe.inject({ url: "/", headers: forwarded ? { "x-forwarded-for": forwarded } : {} })).json<{ fastify: string; ours: string }>();
        expect(answer.ours, `TRUST_PROXY=${trustProxy}, X-Forwarded-For: ${forwarded}`).toBe(answer.fastify);
      }
      await probe.close();
    }
  });

  it.skipIf(!redisUp)("with Redis, counts there, and hands a call past the limit to the route once Redis has answered", async () => {
    const shared = await listening({ RATE_LIMIT_SERVICE_AREA: "2", TRUST_PROXY: "1", REDIS_URL: "redis://127.0.0.1:6379", MAIL_WORKER_INTERVAL_MS: "0" });
    const client = randomAddress();
    for (let i = 0; i < 2; i++) expect((await shared.send("GET", served, { "x-forwarded-for": client })).status).toBe(200);
    expect(shared.routed()).toBe(0);
    const limited = await shared.send("GET", served, { "x-forwarded-for": client });
    expect(limited.status).toBe(429);
    expect(errorCode(limited.body)).toBe("rate_limited");
    expect(shared.routed()).toBe(1);
  });

  it("logs each answer it sends in one line, as Fastify logs a request", async () => {
    site.lines.length = 0;
    await site.send("GET", served);
    const completed = site.lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } }).filter((l) => l.msg === "request completed");
    expect(completed).toEqual([expect.objectContaining({ req: expect.objectContaining({ method: "GET", url: served }), res: { statusCode: 200 } })]);
  });
});
