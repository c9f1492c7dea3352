// `npm run build`: the catalogs, the browser build, the server-side build of src/entry-server.tsx, then every
// page pre-rendered in both languages (scripts/prerender.mjs), compressed, and the stamp `npm start` reads;
// last, the server itself bundled for plain `node` (dist/server/main.mjs, scripts/build-server.mjs).
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { prerender } from "./prerender.mjs";
import { inputsStamp, writeStamp } from "./build-stamp.mjs";
import { buildServer } from "./build-server.mjs";

const started = Date.now();
const outDir = path.resolve(process.env.BUILD_OUT_DIR ?? "dist");
// Inside the project, so the server bundle resolves its packages from node_modules.
const ssrDir = path.resolve("node_modules/.cache/ssr", outDir.replace(/[^\w]+/g, "_"));

const stamp = inputsStamp();
const lingui = spawnSync("npx", ["lingui", "compile", "--strict", "--typescript"], { stdio: "inherit" });
if (lingui.status !== 0) process.exit(lingui.status ?? 1);

await build({ build: { outDir } });
await build({
  logLevel: "warn",
  build: { ssr: "src/entry-server.tsx", outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
});
const { pages } = await prerender({ outDir, ssrDir });
rmSync(ssrDir, { recursive: true, force: true });
writeStamp(outDir, stamp);
// After the site: the browser build empties outDir, and the bundle's folder lies inside it.
await buildServer({ siteDir: outDir });
console.log(`Built and pre-rendered ${pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
