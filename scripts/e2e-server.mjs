// The real server for the browser tests: the built site, a fresh PGlite, sandbox payments, the dev mailbox.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { liftedLimits } from "./lifted-limits.mjs";

const port = process.env.E2E_PORT ?? "4173";
const dataDir = mkdtempSync(path.join(tmpdir(), "freshfold-e2e-"));
const env = {
  ...process.env,
  NODE_ENV: "test",
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  // The browser suites run many sign-ups from one address; the shipped limits are tested in the server suite.
  ...liftedLimits,
};
delete env.DATABASE_URL;
delete env.STRIPE_SECRET_KEY;
delete env.STRIPE_WEBHOOK_SECRET;
delete env.SMTP_URL;
delete env.REDIS_URL;
const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
