// The server secret: SERVER_SECRET (required in production); elsewhere one random value generated on first
// start and kept in the database, so every process on that database and every restart agree.
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/index";
import { appInfo } from "../db/schema";
import { randomToken } from "./crypto";

const KEY = "server_secret";

export async function resolveServerSecret(config: Config, db: Database): Promise<string> {
  if (config.SERVER_SECRET) return config.SERVER_SECRET;
  if (config.NODE_ENV === "production") throw new Error("SERVER_SECRET is required in production");
  await db.insert(appInfo).values({ key: KEY, value: randomToken() + randomToken() }).onConflictDoNothing();
  const [row] = await db.select({ value: appInfo.value }).from(appInfo).where(eq(appInfo.key, KEY));
  if (!row) throw new Error("could not keep the development server secret");
  return row.value;
}
