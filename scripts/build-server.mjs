// The server as one bundle that plain `node` runs (no TypeScript compiled at start-up): server/main.ts and the
// project's own modules it imports (src/contract, src/domain, src/config, the compiled mail and payment catalogs) bundled by
// Vite's SSR build into <outDir>/server.mjs (run by <outDir>/main.mjs), its packages left as imports of node_modules (PGlite finds its
// WebAssembly beside its own files). The files the server reads at run time beside its modules (the migrations,
// the sandbox's style sheet) are copied next to the bundle, and so is PGlite's template (pglite-template.tar.gz:
// a database with every migration applied, which a first start on an empty data directory loads instead of
// running initdb; server/db/index.ts); every `new URL("./…", import.meta.url)` left in the output is checked to
// name a file or folder that exists, so a bundle never starts without one.
//
//   node scripts/build-server.mjs    the bundle of the site in BUILD_OUT_DIR (default dist/): dist/server/main.mjs
//                                    (`npm run build` builds it too; `npm start` rebuilds it alone when only the
//                                    server's sources changed)
//
// The bundle stays inside the project: its packages resolve from the project's node_modules.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serverDirFor, serverStamp, writeServerStamp } from "./build-stamp.mjs";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

/** What the server reads from its own folder at run time: [source, destination inside outDir]. */
export const serverAssets = [
  ["server/db/migrations", "migrations"],
  ["server/payments/sandbox.css", "sandbox.css"],
];

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

/** The template's file name beside the bundle (server/db/index.ts reads it from there). */
export const pgliteTemplateName = "pglite-template.tar.gz";

/**
 * Writes PGlite's template to `file` (server/db/index.ts's writePgliteTemplate, loaded through tsx: the
 * migrations applied by the server's own code). Creating it runs initdb (seconds of CPU), so it is kept in
 * node_modules/.cache/pglite-template under a hash of what makes it: the migrations, the code that applies and
 * loads them, the PGlite and drizzle versions; a rebuild of the bundle with none of these changed copies it.
 */
export async function writePgliteTemplate(file) {
  const hash = createHash("sha256");
  const made = ["server/db/migrations", "server/db/index.ts", "node_modules/@electric-sql/pglite/package.json", "node_modules/drizzle-orm/package.json"];
  for (const input of made) {
    const full = path.join(root, input);
    for (const f of statSync(full).isDirectory() ? walk(full).sort() : [full]) hash.update(path.relative(root, f)).update("\0").update(readFileSync(f)).update("\0");
  }
  const cacheDir = path.join(root, "node_modules/.cache/pglite-template");
  const cached = path.join(cacheDir, `${hash.digest("hex").slice(0, 32)}.tar.gz`);
  if (!existsSync(cached)) {
    const { tsImport } = await import("tsx/esm/api");
    const server = await tsImport("../server/db/index.ts", import.meta.url);
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    await server.writePgliteTemplate(partial);
    renameSync(partial, cached);
    // Only the current template is kept (another build's partial file is left alone).
    for (const old of readdirSync(cacheDir)) if (old.endsWith(".tar.gz") && old !== path.basename(cached)) rmSync(path.join(cacheDir, old), { force: true });
  }
  copyFileSync(cached, file);
}

/** Every relative `new URL("…", import.meta.url)` in the output that names nothing. */
export function missingRuntimeFiles(outDir) {
  const missing = [];
  for (const file of walk(outDir).filter((f) => f.endsWith(".mjs"))) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/new URL\(\s*(["'`])(\.{1,2}\/[^"'`]*)\1\s*,\s*import\.meta\.url\s*\)/g)) {
      const target = fileURLToPath(new URL(match[2], pathToFileURL(file)));
      if (!existsSync(target)) missing.push(`${path.relative(root, file)}: ${match[2]} (${target})`);
    }
  }
  return missing;
}

/** The compiled catalogs the bundle includes (git-ignored): compiled when one is missing or older than its .po. */
export function ensureCatalogs() {
  const locales = path.join(root, "locales");
  const stale = readdirSync(locales, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(path.join(locales, d.name)).filter((f) => f.endsWith(".po")).map((f) => path.join(locales, d.name, f)))
    .some((po) => {
      const ts = po.replace(/\.po$/, ".ts");
      return !existsSync(ts) || statSync(ts).mtimeMs < statSync(po).mtimeMs;
    });
  if (!stale) return;
  const lingui = spawnSync("npx", ["lingui", "compile", "--typescript"], { cwd: root, stdio: "inherit" });
  if (lingui.status !== 0) throw new Error("lingui compile failed");
}

/**
 * Builds the bundle of the site built into `siteDir` (default dist/) into `outDir` (default serverDirFor(siteDir),
 * inside the project) and writes its stamp. The bundle serves `siteDir` when SITE_ROOT is not set.
 */
export async function buildServer({ siteDir = path.join(root, "dist"), outDir = serverDirFor(siteDir) } = {}) {
  const started = Date.now();
  const { build } = await import("vite");
  const siteRoot = path.relative(outDir, siteDir).split(path.sep).join("/") || ".";
  const stamp = serverStamp(root);
  if (path.relative(root, outDir).startsWith("..")) throw new Error(`${outDir}: the server bundle must be inside ${root}`);
  ensureCatalogs();
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    define: { __SITE_ROOT__: JSON.stringify(siteRoot) },
    // Packages stay imports of node_modules, except date-fns: its entry points import every function and locale
    // (hundreds of modules, the largest part of loading the server); bundled, only the few the e-mails use.
    ssr: { noExternal: ["date-fns"] },
    build: {
      ssr: path.join(root, "server/main.ts"),
      outDir,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      rollupOptions: { output: { format: "esm", entryFileNames: "server.mjs", chunkFileNames: "chunks/[name]-[hash].mjs" } },
    },
  });
  // The entry: Node's compile cache (Node 22.1+; a no-op on Node 20) before the server's modules load, so a
  // restart reuses the bytecode of the packages it compiled last time.
  writeFileSync(
    path.join(outDir, "main.mjs"),
    `// Built by scripts/build-server.mjs: runs the server bundle (server.mjs).\nimport module from "node:module";\n\nmodule.enableCompileCache?.();\nawait import("./server.mjs");\n`,
  );
  for (const [from, to] of serverAssets) cpSync(path.join(root, from), path.join(outDir, to), { recursive: true });
  await writePgliteTemplate(path.join(outDir, pgliteTemplateName));
  const missing = missingRuntimeFiles(outDir);
  if (missing.length) throw new Error(`The server bundle reads files it does not have:\n  ${missing.join("\n  ")}`);
  writeServerStamp(outDir, stamp);
  return { outDir, entry: path.join(outDir, "main.mjs"), seconds: (Date.now() - started) / 1000 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { entry, seconds } = await buildServer({ siteDir: path.resolve(process.env.BUILD_OUT_DIR ?? "dist") });
  console.log(`Built the server bundle ${path.relative(process.cwd(), entry)} in ${seconds.toFixed(1)} s`);
}
