// Once per server-suite run. On PGlite: one database with every migration applied, dumped as a template that
// each test's in-memory database loads (half a second) instead of running initdb and the migrations (two
// seconds, some sixty times a run). On PostgreSQL: afterwards, drops the databases of the suite's workers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { writePgliteTemplate } from "#server/db/index";
import { dropWorkerDatabases } from "./worker-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite template (a gzipped dumpDataDir tarball); "" on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide("pgliteTemplate", "");
    return () => dropWorkerDatabases(url);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-template-"));
  const file = path.join(dir, "template.tar.gz");
  await writePgliteTemplate(file);
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
