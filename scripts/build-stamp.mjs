// The stamps of a build's inputs: `npm start` builds only what they say changed since the last build: the
// site (dist/.build-stamp) or the server bundle (dist/server/.build-stamp, scripts/build-server.mjs).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Everything the built site is made of: sources, catalogs, public files, build settings, packages. */
const inputs = ["src", "locales", "public", "machines", "index.html", "vite.config.ts", "lingui.config.ts", "tsconfig.json", "package-lock.json", "scripts/build.mjs", "scripts/prerender.mjs", "scripts/build-stamp.mjs"];
// Compiled catalogs are outputs of the .po files.
const skip = (file) => /locales\/[^/]+\/[^/]+\.ts$/.test(file.split(path.sep).join("/"));

function files(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).sort().flatMap((name) => files(path.join(entry, name)));
}

/** The server bundle's inputs: its own code, what it imports from src/, the catalogs, its packages. */
const serverInputs = ["server", "src", "locales", "tsconfig.json", "package-lock.json", "scripts/build-server.mjs", "scripts/build-stamp.mjs"];

function hashFiles(hash, root, list) {
  for (const input of list) {
    for (const file of files(path.join(root, input))) {
      if (skip(file)) continue;
      hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  return hash;
}

export function inputsStamp(root = process.cwd(), env = process.env) {
  const hash = createHash("sha256");
  hashFiles(hash, root, inputs);
  // Build-time settings (Vite's VITE_* variables) change the output too.
  for (const key of Object.keys(env).filter((k) => k.startsWith("VITE_")).sort()) hash.update(`${key}=${env[key]}\0`);
  return hash.digest("hex");
}

const stampFile = (outDir) => path.join(outDir, ".build-stamp");

export function readStamp(outDir) {
  try {
    return readFileSync(stampFile(outDir), "utf8").trim();
  } catch {
    return null;
  }
}

export function writeStamp(outDir, stamp) {
  writeFileSync(stampFile(outDir), `${stamp}\n`);
}

export function serverStamp(root = process.cwd()) {
  return hashFiles(createHash("sha256"), root, serverInputs).digest("hex");
}

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

/**
 * The server bundle's folder for a site built into `outDir`: `<outDir>/server` (dist/server), or, for a site
 * built outside the project, a folder under node_modules/.cache: the bundle imports its packages from the
 * project's node_modules, so it must lie inside the project.
 */
export function serverDirFor(outDir) {
  const inside = !path.relative(root, path.resolve(outDir)).startsWith("..");
  return inside ? path.join(path.resolve(outDir), "server") : path.join(root, "node_modules/.cache/server", path.resolve(outDir).replace(/[^\w]+/g, "_"));
}

/** The bundle's folder holds its own stamp (dist/server/.build-stamp). */
export const readServerStamp = (serverDir) => readStamp(serverDir);
export const writeServerStamp = (serverDir, stamp) => writeStamp(serverDir, stamp);

/**
 * Builds what changed since the last build of `outDir`: the whole site when its inputs changed, only the server
 * bundle when only the server's did (`npm start`, and `npm run bench` before it measures the bundle).
 */
export async function buildWhatChanged(outDir, log = console.log) {
  if (readStamp(outDir) !== inputsStamp()) {
    log("The site's sources changed since the last build: building.");
    const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit", env: { ...process.env, BUILD_OUT_DIR: outDir } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else if (readServerStamp(serverDirFor(outDir)) !== serverStamp()) {
    log("The build is current but the server's sources changed: bundling the server.");
    const { buildServer } = await import("./build-server.mjs");
    await buildServer({ siteDir: outDir, outDir: serverDirFor(outDir) });
  } else {
    log("The build is current.");
  }
}
