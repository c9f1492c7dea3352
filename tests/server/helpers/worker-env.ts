// Runs in each server-suite worker before its test files: on PostgreSQL, DATABASE_URL becomes the worker's own
// database (tests/server/helpers/worker-database.ts), which servers started by the tests inherit.
import { createWorkerDatabase } from "./worker-database";

const url = process.env.DATABASE_URL;
if (url) process.env.DATABASE_URL = await createWorkerDatabase(url, process.env.VITEST_POOL_ID ?? "1");
