// The database or a transaction of it: services take either, so callers can compose them in one transaction.
import type { Database } from "../db/index";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Db = Database | Transaction;
