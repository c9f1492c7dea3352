// `npm run bench` (BENCH_ONLY=start) or `node scripts/start-time.mjs`: the time from starting the server to its
// first 200 on /api/health, on a built tree (the build is current: nothing is built), each run with the load
// average it ran under. Three ways, each RUNS times (default 5), alternating so the machine's load falls on all:
//   - `npm start`'s own command (node scripts/start.mjs: the stamps, then the bundle with plain node);
//   - the sources through tsx (node --import tsx server/main.ts: what `npm start` ran before the bundle);
//   - a reference: node starting a bare Fastify hello world, the least a Node server takes here.
// Every run opens a fresh PGlite data directory: a first start's cost (the bundle loads the template it ships,
// dist/server/pglite-template.tar.gz; the sources have none and run PGlite's initdb); a restart on the same data
// (a deploy) is also measured for the bundle. Not a test: times on a shared machine vary.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inputsStamp, readServerStamp, readStamp, serverDirFor, serverStamp } from "./build-stamp.mjs";

const runs = Number(process.env.START_RUNS ?? process.env.BENCH_RUNS ?? 5);
const outDir = path.resolve(process.env.BUILD_OUT_DIR ?? "dist");

if (readStamp(outDir) !== inputsStamp() || readServerStamp(serverDirFor(outDir)) !== serverStamp()) {
  console.error("The build is not current: run `npm run build` first (this measures a start that builds nothing).");
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const load = () => os.loadavg()[0].toFixed(2);

/** CPU seconds (user + system) a process and its descendants have used so far (Linux /proc); 0 elsewhere. */
function cpuOfTree(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean),
    );
    return own + children.reduce((sum, child) => sum + cpuOfTree(child), 0);
  } catch {
    return 0;
  }
}

/** Spawns `args` and polls `url` every 20 ms until it answers 200: milliseconds from the spawn, and CPU seconds. */
async function timeToHealth(args, { env, url }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
      try {
        if ((await fetch(url)).status === 200) return { ms: performance.now() - started, cpu: cpuOfTree(child.pid) };
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`no answer within 120 s: ${stderr.slice(-2000)}`);
      await sleep(20);
    }
  } finally {
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000).then(() => child.kill("SIGKILL"))]);
  }
}

// The origin the build wrote into its pages: a deploy starts with the PUBLIC_URL it built with, so the server
// serves the files as built (another origin would have them rewritten and compressed again at start-up).
const { origin: builtOrigin } = JSON.parse(readFileSync(path.join(outDir, "pages.json"), "utf8"));

async function serverEnv(dataDir) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    ALLOW_TEST_MODE: "1",
    SERVER_SECRET: randomBytes(48).toString("base64"),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: builtOrigin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    MAIL_WORKER_INTERVAL_MS: "0",
  };
  for (const key of ["DATABASE_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL", "REDIS_URL"]) delete env[key];
  return { env, url: `http://127.0.0.1:${port}/api/health` };
}

const bare = `const app = require("fastify")(); app.get("/api/health", async () => ({ status: "ok" })); app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });`;
const ways = {
  "npm start (bundle)": { args: ["scripts/start.mjs"] },
  "tsx server/main.ts": { args: ["--import", "tsx", "server/main.ts"] },
  "bare Fastify (reference)": { args: ["-e", bare] },
};
const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
const restarts = [];
const dirs = [];
const fresh = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "freshfold-start-"));
  dirs.push(dir);
  return dir;
};

try {
  for (let run = 1; run <= runs; run++) {
    for (const [name, { args }] of Object.entries(ways)) {
      const dataDir = fresh();
      const before = load();
      results[name].push({ ...(await timeToHealth(args, await serverEnv(dataDir))), load: before });
      if (name.startsWith("npm start")) {
        const again = load();
        restarts.push({ ...(await timeToHealth(args, await serverEnv(dataDir))), load: again });
      }
    }
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const line = (name, list, reference) => {
  const med = median(list.map((r) => r.ms));
  const cpu = median(list.map((r) => r.cpu));
  const each = list.map((r) => `${s(r.ms)} @${r.load}`).join(", ");
  const goal = name.startsWith("npm start") ? `   ${med <= 5000 ? "ok" : "OVER GOAL"} (goal <= 5 s)` : "";
  console.log(
    `   ${name.padEnd(36)} median ${s(med)}${reference ? ` = ${(med / reference).toFixed(1)}x the reference` : ""}, ${cpu.toFixed(1)} s of CPU${goal}\n      each (load average before it): ${each}`,
  );
};
console.log(`\n== Start to the first 200 of /api/health on a built tree (${runs} runs each, fresh PGlite unless said; median)`);
console.log("   goal: npm start <= 5 s (on a loaded machine compare the CPU seconds and the ratio, not the seconds)");
const reference = median(results["bare Fastify (reference)"].map((r) => r.ms));
for (const [name, list] of Object.entries(results)) line(name, list, name.includes("reference") ? undefined : reference);
line("npm start, restart on the same data", restarts, reference);
