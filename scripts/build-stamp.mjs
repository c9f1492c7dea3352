// The stamp of a build's inputs: `npm start` builds only when it differs from the one the last build wrote.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Everything the built site is made of: sources, catalogs, public files, build settings, packages. */
const inputs = ["src", "locales", "public", "machines", "index.html", "vite.config.ts", "lingui.config.ts", "tsconfig.json", "package-lock.json", "scripts/build.mjs", "scripts/prerender.mjs", "scripts/build-stamp.mjs"];
// Compiled catalogs are outputs of the .po files.
const skip = (file) => /locales\/[^/]+\/[^/]+\.ts$/.test(file.split(path.sep).join("/"));

function files(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).sort().flatMap((name) => files(path.join(entry, name)));
}

export function inputsStamp(root = process.cwd(), env = process.env) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(path.join(root, input))) {
      if (skip(file)) continue;
      hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
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
