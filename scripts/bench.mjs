// `npm run bench`: API throughput and the home page's JavaScript, each as a ratio to a baseline measured
// in the same run on the same machine (absolute numbers vary between machines; ratios travel).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const port = Number(process.env.BENCH_PORT ?? 4390);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const base = `http://127.0.0.1:${port}`;

if (!existsSync("dist/index.html")) spawnSync("npm", ["run", "build"], { stdio: "inherit" });

const unlimited = Object.fromEntries(
  ["EMAIL_EXISTS", "SERVICE_AREA", "SIGNUPDAY", "CONTACT_FORM", "NEWSLETTER", "CHECKOUT"].map((k) => [`RATE_LIMIT_${k}`, "100000000"]),
);
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  env: { ...process.env, ...unlimited, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-")) },
  stdio: "inherit",
});
process.on("exit", () => server.kill());

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

async function throughput(urlPath) {
  const result = await autocannon({ url: `${base}${urlPath}`, connections: 20, duration, pipelining: 1 });
  if (result.non2xx > 0) console.warn(`  ${urlPath}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const tomorrow = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
await waitForServer();

console.log(`\nAPI throughput (${duration}s each, 20 connections); baseline GET /api/health`);
const baseline = await throughput("/api/health");
console.log(`  baseline /api/health: ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99} ms`);
for (const urlPath of ["/api/service_area/33131", `/api/signupday/${tomorrow}`, "/api/client/email_exists/someone%40example.com", "/"]) {
  const r = await throughput(urlPath);
  console.log(`  ${urlPath}: ${(r.rps / baseline.rps).toFixed(2)}× baseline throughput, p99 ${(r.p99 / Math.max(baseline.p99, 1)).toFixed(2)}× baseline`);
}

// The home page's JavaScript: the entry script and its static imports, plus the home route's lazy chunks.
const assets = path.join("dist", "assets");
const gz = (file) => gzipSync(readFileSync(path.join(assets, file))).length;
const all = readdirSync(assets).filter((f) => f.endsWith(".js"));
const html = readFileSync("dist/index.html", "utf8");
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const homeChunks = all.filter((f) => /^(home-route|home-page)-/.test(f));
const homeBytes = [...new Set([...initial, ...homeChunks])].reduce((n, f) => n + gz(f), 0);
const totalBytes = all.reduce((n, f) => n + gz(f), 0);
console.log(`\nHome page JavaScript (gzip): ${(homeBytes / 1024).toFixed(1)} KiB = ${(homeBytes / totalBytes).toFixed(2)}× the whole site's JavaScript (${(totalBytes / 1024).toFixed(1)} KiB, baseline)`);

server.kill();
process.exit(0);
