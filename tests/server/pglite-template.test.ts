// PGlite's template (server/db/index.ts): a data directory that is empty or does not exist yet starts from the
// tarball the build ships beside the server bundle (writePgliteTemplate) instead of PGlite's initdb. The
// migrations still run after it, so an older template never skips one; data written survives a reopen; a
// directory that holds a database is never loaded over; a template that cannot be loaded leaves a database
// created as before. Which one a directory started from shows in its system identifier: initdb draws a new one,
// a loaded template keeps its own.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { openDatabase, writePgliteTemplate, type DatabaseHandle } from "#server/db/index";

const project = path.resolve(import.meta.dirname, "../..");
const migrations = path.join(project, "server/db/migrations");
const journal = JSON.parse(readFileSync(path.join(migrations, "meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };

let work = "";
let template = "";
let templateId = "";

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const systemId = async (handle: DatabaseHandle) =>
  (await rows<{ id: string }>(handle, sql`select system_identifier::text as id from pg_control_system()`))[0]!.id;

/** The migrations a database has applied, as drizzle records them (their journal times). */
const applied = async (handle: DatabaseHandle) =>
  (await rows<{ created_at: string }>(handle, sql`select created_at::text from drizzle.__drizzle_migrations order by created_at`)).map((r) => Number(r.created_at));

/** Opens a data directory with a template, hands it to `check`, closes it. */
async function opened(dataDir: string, templateFile: string, check: (handle: DatabaseHandle) => Promise<void>) {
  const handle = await openDatabase({ dataDir, template: templateFile });
  try {
    await check(handle);
  } finally {
    await handle.close();
  }
}

const allMigrations = () => journal.entries.map((e) => e.when);

/** The system identifier of the database a template holds, loaded in memory. */
async function idOfTemplate(file: string) {
  const client = await PGlite.create("memory://", { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    return (await client.query<{ id: string }>("select system_identifier::text as id from pg_control_system()")).rows[0]!.id;
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "freshfold-template-test-"));
  template = path.join(work, "pglite-template.tar.gz");
  await writePgliteTemplate(template);
  templateId = await idOfTemplate(template);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("a PGlite data directory opened with a template", () => {
  it("starts a directory that does not exist from the template, every migration applied, and keeps what is written across a reopen", async () => {
    const dataDir = path.join(work, "new/data");
    await opened(dataDir, template, async (first) => {
      expect(await systemId(first)).toBe(templateId);
      expect(await applied(first)).toEqual(allMigrations());
      await first.db.execute(sql`insert into app_info (key, value) values ('first-start', 'from the template')`);
    });
    // The directory holds a database now: the template is not loaded over it.
    await opened(dataDir, template, async (again) => {
      expect(await systemId(again)).toBe(templateId);
      expect(await rows(again, sql`select value from app_info where key = 'first-start'`)).toEqual([{ value: "from the template" }]);
      expect(await applied(again)).toEqual(allMigrations());
    });
  }, 120_000);

  it("starts an empty directory from the template", async () => {
    const dataDir = path.join(work, "empty");
    mkdirSync(dataDir);
    await opened(dataDir, template, async (handle) => {
      expect(await systemId(handle)).toBe(templateId);
      expect(await applied(handle)).toEqual(allMigrations());
    });
  }, 120_000);

  it("applies the migrations a template older than them lacks", async () => {
    expect(journal.entries.length).toBeGreaterThan(1);
    const older = path.join(work, "older-migrations");
    cpSync(migrations, older, { recursive: true });
    writeFileSync(path.join(older, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
    const olderTemplate = path.join(work, "older-template.tar.gz");
    await writePgliteTemplate(olderTemplate, { migrations: older });
    const olderId = await idOfTemplate(olderTemplate);

    await opened(path.join(work, "from-older"), olderTemplate, async (handle) => {
      expect(await systemId(handle)).toBe(olderId);
      expect(await applied(handle)).toEqual(allMigrations());
    });
  }, 180_000);

  it("creates the database as before when the template cannot be loaded, and when there is none", async () => {
    // Cut short, as a copy interrupted halfway would leave it.
    const broken = path.join(work, "broken.tar.gz");
    const whole = readFileSync(template);
    writeFileSync(broken, whole.subarray(0, whole.length >> 1));
    // A whole tarball of another PostgreSQL's data directory (as after an upgrade of PGlite): loaded, refused.
    const other = path.join(work, "other-version.tar.gz");
    const tar = gunzipSync(whole);
    let versionAt = -1;
    for (let at = 0; at + 1024 <= tar.length && versionAt < 0; at += 512) if (tar.toString("latin1", at, at + 12) === "/PG_VERSION\0") versionAt = at + 512;
    expect(versionAt).toBeGreaterThan(0);
    tar.write("99", versionAt, "latin1");
    writeFileSync(other, gzipSync(tar));
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    try {
      for (const [name, file] of [["broken", broken], ["other", other], ["absent", path.join(work, "no-such-template.tar.gz")]] as const) {
        await opened(path.join(work, name), file, async (handle) => {
          expect(await systemId(handle), name).not.toBe(templateId);
          expect(await applied(handle), name).toEqual(allMigrations());
        });
      }
      // The files the refused template left were removed before initdb: it would have refused them too.
      expect(warn.mock.calls.map(([message]) => String(message).split(" could not")[0])).toEqual([`The PGlite template ${broken}`, `The PGlite template ${other}`]);
    } finally {
      warn.mockRestore();
    }
  }, 180_000);
});
