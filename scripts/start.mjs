// `npm start`: builds only what changed since the last build (scripts/build-stamp.mjs): the whole site when
// its inputs changed, only the server bundle when only the server's did; then runs the bundle
// (dist/server/main.mjs) with plain `node`: no TypeScript is compiled at start-up.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWhatChanged, serverDirFor } from "./build-stamp.mjs";

// The server's environment as it was given: bundling in this process (Vite) sets NODE_ENV=production here.
const given = { ...process.env };
const outDir = path.resolve(process.env.BUILD_OUT_DIR ?? "dist");
const serverDir = serverDirFor(outDir);
await buildWhatChanged(outDir);
const env = { ...given, ...(given.BUILD_OUT_DIR && !given.SITE_ROOT ? { SITE_ROOT: outDir } : {}) };
const server = spawn(process.execPath, [path.join(serverDir, "main.mjs")], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
