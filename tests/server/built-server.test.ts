// The server bundle `npm start` runs (scripts/build-server.mjs): built the way `npm run build` builds it, beside a
// small built site, it starts under plain `node` (no TypeScript loader), opens and migrates its database from
// the migrations copied beside it, answers /api/health, serves the site it lies in without being told where,
// and never serves its own files. It ships PGlite's template (pglite-template.tar.gz, server/db/index.ts), and a
// first start on an empty data directory loads it instead of running initdb: the database it leaves has the
// template's system identifier (initdb draws a new one) and every migration. No timing is asserted: start-up
// times are measured by scripts/start-time.mjs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { PGlite } from "@electric-sql/pglite";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { nextTickCacheProbeOnSignal, tickPropertyCacheStates } from "./helpers/next-tick-caches";

const project = path.resolve(import.meta.dirname, "../..");
// Inside the project, as dist/ is: the bundle imports its packages from node_modules.
const siteDir = path.join(project, "node_modules/.cache", `built-server-test-${process.pid}`);
const serverDir = path.join(siteDir, "server");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Started {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** Starts the bundle with plain node (no --import tsx: a TypeScript file left among the imports would stop it). */
async function startBundle(dataDir: string, { nodeArgs = [], stdoutFd }: { nodeArgs?: string[]; stdoutFd?: number } = {}): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    MAIL_WORKER_INTERVAL_MS: "0",
    RECONCILE_INTERVAL_MS: "0",
  };
  // No SITE_ROOT: the bundle finds the site it was built into.
  for (const key of ["SITE_ROOT", "DATABASE_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL", "REDIS_URL", "NODE_OPTIONS"]) delete env[key];
  const child = spawn(process.execPath, [...nodeArgs, path.join(serverDir, "main.mjs")], { cwd: project, env, stdio: ["ignore", stdoutFd ?? "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${origin}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error(`the bundle did not answer within 2 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, origin, output: () => output };
}

async function stop(child: ChildProcess | undefined) {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

describe("the server bundle", () => {
  let child: ChildProcess | undefined;
  let origin = "";

  beforeAll(async () => {
    rmSync(siteDir, { recursive: true, force: true });
    mkdirSync(siteDir, { recursive: true });
    const html = (lang: string, title: string, status = "") =>
      `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><h1>${title}${status}</h1></body></html>`;
    writeFileSync(path.join(siteDir, "index.html"), html("en", "Home from the bundle's own site"));
    writeFileSync(path.join(siteDir, "404.html"), html("en", "Not found"));
    mkdirSync(path.join(siteDir, "es"));
    writeFileSync(path.join(siteDir, "es/404.html"), html("es", "No encontrada"));
    const pages = [
      { url: "/", file: "index.html", status: 200, language: "en" },
      { url: "/404", file: "404.html", status: 404, language: "en" },
      { url: "/es/404", file: "es/404.html", status: 404, language: "es" },
    ];
    writeFileSync(path.join(siteDir, "pages.json"), JSON.stringify({ origin: "http://localhost:3000", pages }));

    await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], { cwd: project, env: { ...process.env, BUILD_OUT_DIR: siteDir } });

    ({ child, origin } = await startBundle("memory://"));
  }, 240_000);

  afterAll(async () => {
    await stop(child);
    rmSync(siteDir, { recursive: true, force: true });
  });

  it("was built as the entry, the bundle and the files it reads at run time", () => {
    for (const file of ["main.mjs", "server.mjs", "sandbox.css", "migrations/meta/_journal.json", "pglite-template.tar.gz", ".build-stamp"]) {
      expect(existsSync(path.join(serverDir, file)), file).toBe(true);
    }
  });

  it("answers /api/health with plain node, its database migrated", async () => {
    const response = await fetch(`${origin}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
    // A call that reads the migrated tables (the pickup days' holds and orders).
    const days = await fetch(`${origin}/api/signupday/2030-01-07`);
    expect(days.status).toBe(200);
    expect((await days.json()) as unknown).toHaveProperty("availability");
  });

  it("serves the site it was built into, with the security headers", async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<h1>Home from the bundle's own site</h1>");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect((await fetch(`${origin}/no/such/page`)).status).toBe(404);
  });

  it("never serves its own files", async () => {
    for (const url of ["/server/main.mjs", "/server/server.mjs", "/server/migrations/meta/_journal.json", "/server/pglite-template.tar.gz", "/server/.build-stamp"]) {
      expect((await fetch(`${origin}${url}`)).status, url).toBe(404);
    }
  });

  it("starts an empty data directory from the PGlite template it ships, every migration applied", async () => {
    const systemId = "select system_identifier::text as id from pg_control_system()";
    const template = await PGlite.create("memory://", { loadDataDir: new Blob([readFileSync(path.join(serverDir, "pglite-template.tar.gz"))]) });
    let templateId: string;
    try {
      templateId = (await template.query<{ id: string }>(systemId)).rows[0]!.id;
    } finally {
      await template.close();
    }
    const dataDir = path.join(siteDir, "first-start-data");
    const first = await startBundle(dataDir);
    await stop(first.child);
    expect(first.output()).not.toContain("could not be loaded");
    // The server has stopped and released its lock (server/db/data-dir-lock.ts): its data directory opens here.
    expect(existsSync(path.join(dataDir, "freshfold.lock"))).toBe(false);
    const db = await PGlite.create(dataDir);
    try {
      expect((await db.query<{ id: string }>(systemId)).rows[0]!.id).toBe(templateId);
      const journal = JSON.parse(readFileSync(path.join(serverDir, "migrations/meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
      const applied = await db.query<{ created_at: string }>("select created_at::text from drizzle.__drizzle_migrations order by created_at");
      expect(applied.rows.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
    } finally {
      await db.close();
    }
  }, 240_000);

  it("keeps process.nextTick's caches for its tick objects monomorphic through idle GCs (server/tick-shape.ts)", async () => {
    // The bundler must not drop the object that keeps the shape: after start-up, ticks and GCs with no tick queued
    // leave these caches megamorphic in a process without it (tests/server/tick-shape.test.ts shows both).
    const probe = path.join(siteDir, "next-tick-probe.mjs");
    writeFileSync(probe, nextTickCacheProbeOnSignal());
    const outFile = path.join(siteDir, "next-tick-probe.txt");
    const out = openSync(outFile, "w");
    try {
      const nodeArgs = ["--allow-natives-syntax", "--expose-gc", "--import", pathToFileURL(probe).href];
      const started = await startBundle("memory://", { nodeArgs, stdoutFd: out });
      try {
        await fetch(`${started.origin}/`);
        started.child.kill("SIGUSR2");
        for (let i = 0; !readFileSync(outFile, "utf8").includes("end of nextTick caches"); i++) {
          if (i > 600) throw new Error(`no probe report within 2 minutes:\n${started.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await stop(started.child);
      }
    } finally {
      closeSync(out);
    }
    const states = tickPropertyCacheStates(readFileSync(outFile, "utf8"));
    expect(states.length).toBeGreaterThanOrEqual(4);
    expect(states.filter((state) => state !== "MONOMORPHIC"), states.join(", ")).toEqual([]);
  }, 240_000);
});
