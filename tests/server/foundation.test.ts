import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";
import { openDatabase } from "#server/db/index";
import { ConfigError, loadConfig } from "#server/config";
import { buildTestApp } from "./helpers/app";
import { testDriver } from "./helpers/database";

describe(`server foundation (${testDriver})`, () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it("answers health with the database driver in use", async () => {
    const response = await app.inject("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: testDriver });
  });

  it("answers an unknown /api path with the JSON error shape and 404", async () => {
    const response = await app.inject("/api/no-such-call");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: { code: "not_found", message: expect.stringContaining("/api/no-such-call") } });
  });

  it("has applied the migrations", async () => {
    const result = (await app.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(result.rows[0]?.n)).toBeGreaterThan(0);
  });
});

describe("configuration", () => {
  it("fails start-up naming a bad variable", () => {
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "nope" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PICKUP_CLOSED_WEEKDAYS: "9" })).toThrow(/PICKUP_CLOSED_WEEKDAYS/);
  });

  it("stops the real start-up (server/main.ts) with exit code 1, naming each bad variable", () => {
    const started = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", RATE_LIMIT_CHECKOUT: "-3", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain("Invalid configuration");
    expect(started.stderr).toMatch(/PORT:/);
    expect(started.stderr).toMatch(/RATE_LIMIT_CHECKOUT:/);
    expect(started.stdout).not.toMatch(/Server listening/);
  });

  it("has the decided defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.PICKUP_DAILY_CAPACITY).toBe(40);
    expect(config.RATE_LIMIT_EMAIL_EXISTS).toBe(30);
  });
});

// Two processes starting at once on a fresh or older PostgreSQL database (two instances of a deploy, a restart
// beside a running one) both migrate it at start: the later ones wait for the first instead of failing.
if (testDriver === "postgres") {
  describe("migrations on PostgreSQL", () => {
    it("three servers opening a fresh database at once all start, with each migration applied once", async () => {
      const url = process.env.DATABASE_URL!;
      const wipe = new pg.Client({ connectionString: url });
      await wipe.connect();
      await wipe.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
      await wipe.end();
      const opened = await Promise.allSettled([openDatabase({ url }), openDatabase({ url }), openDatabase({ url })]);
      const handles = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      try {
        expect(opened.map((o) => (o.status === "fulfilled" ? "started" : String(o.reason)))).toEqual(["started", "started", "started"]);
        const journal = JSON.parse(readFileSync(new URL("../../server/db/migrations/meta/_journal.json", import.meta.url), "utf8")) as { entries: unknown[] };
        const result = (await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
        expect(Number(result.rows[0]?.n)).toBe(journal.entries.length);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  });
}
