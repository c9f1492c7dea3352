// `npm start`: builds only when the site's inputs changed since the last build (scripts/build-stamp.mjs),
// then runs the server.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { inputsStamp, readStamp } from "./build-stamp.mjs";

const outDir = path.resolve(process.env.BUILD_OUT_DIR ?? "dist");
if (readStamp(outDir) !== inputsStamp()) {
  console.log("The site's sources changed since the last build: building.");
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log("The build is current.");
}
const env = { ...process.env, ...(process.env.BUILD_OUT_DIR && !process.env.SITE_ROOT ? { SITE_ROOT: outDir } : {}) };
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
