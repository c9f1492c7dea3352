// The waitlist as CSV for the operator (`npm run waitlist:export`, product.md AREA-3): one line per e-mail
// and ZIP, oldest first, with the coming-soon area the ZIP belongs to.
import { asc } from "drizzle-orm";
import { comingSoonZipCodes } from "#domain/service-areas";
import type { Database } from "../db/index";
import { waitlist } from "../db/schema";

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is neutralised for spreadsheets. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function waitlistCsv(db: Database): Promise<string> {
  const rows = await db.select().from(waitlist).orderBy(asc(waitlist.createdAt), asc(waitlist.id));
  const lines = [["email", "zip", "area", "language", "created_at"].join(",")];
  for (const row of rows) {
    lines.push([row.email, row.zip, comingSoonZipCodes[row.zip] ?? "", row.language, row.createdAt.toISOString()].map(field).join(","));
  }
  return `${lines.join("\n")}\n`;
}
