// `npm start`: builds only what changed since the last build (scripts/build-stamp.mjs): the whole site when
// its inputs changed, only the server bundle when only the server's did; then runs the bundle
// (dist/server/main.mjs) with plain `node`: no TypeScript is compiled at start-up.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { inputsStamp, readServerStamp, readStamp, serverDirFor, serverStamp } from "./build-stamp.mjs";

// The server's environment as it was given: bundling in this process (Vite) sets NODE_ENV=production here.
const given = { ...process.env };
const outDir = path.resolve(process.env.BUILD_OUT_DIR ?? "dist");
const serverDir = serverDirFor(outDir);
if (readStamp(outDir) !== inputsStamp()) {
  console.log("The site's sources changed since the last build: building.");
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (readServerStamp(serverDir) !== serverStamp()) {
  console.log("The build is current but the server's sources changed: bundling the server.");
  const { buildServer } = await import("./build-server.mjs");
  await buildServer({ siteDir: outDir, outDir: serverDir });
} else {
  console.log("The build is current.");
}
const env = { ...given, ...(given.BUILD_OUT_DIR && !given.SITE_ROOT ? { SITE_ROOT: outDir } : {}) };
const server = spawn(process.execPath, [path.join(serverDir, "main.mjs")], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
