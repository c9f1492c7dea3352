// "Tell me when you arrive" (product.md AREA-3): POST /api/waitlist stores the e-mail, ZIP and language once per
// e-mail and ZIP, answers the same confirmation every time, is limited like every e-mail-keyed call, and the
// operator's CSV export lists it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { waitlist } from "#server/db/schema";
import { waitlistCsv } from "#server/services/waitlist";
import { testDriver } from "./helpers/database";
import { buildApiApp, type ApiApp } from "./helpers/api";

// Two servers for the whole file (each opens a database): the usual one, and one with a low e-mail limit.
let plain: Awaited<ReturnType<typeof buildApiApp>>;
let limited: Awaited<ReturnType<typeof buildApiApp>>;
beforeAll(async () => {
  plain = await buildApiApp();
  limited = await buildApiApp({ env: { RATE_LIMIT_EMAIL_CALLS: "3" } });
}, 180_000);
afterAll(async () => {
  await plain?.app.close();
  await limited?.app.close();
});
beforeEach(async () => {
  await plain.app.database.db.delete(waitlist);
  plain.clock.set(new Date("2030-03-04T15:00:00Z"));
});
const appWith = async (env: Record<string, string> = {}) => (env.RATE_LIMIT_EMAIL_CALLS ? limited : plain);
const join = (app: ApiApp, payload: unknown, remoteAddress = "203.0.113.7") =>
  app.inject({ method: "POST", url: "/api/waitlist", payload: payload as object, remoteAddress });

describe(`POST /api/waitlist (${testDriver})`, () => {
  it("stores the e-mail (trimmed, lowercased), the ZIP and the language once per e-mail and ZIP, confirming each time", async () => {
    const { app } = await appWith();
    for (const email of ["ana@example.com", "  ANA@Example.com "]) {
      const response = await join(app, { email, zip: "33180", language: "es" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    // The same e-mail for another ZIP, and another e-mail for the same ZIP, are entries of their own.
    expect((await join(app, { email: "ana@example.com", zip: "33160", language: "en" })).json()).toEqual({ ok: true });
    expect((await join(app, { email: "luis@example.com", zip: "33180", language: "en" })).json()).toEqual({ ok: true });
    const rows = await app.database.db.select().from(waitlist).orderBy(asc(waitlist.id));
    expect(rows.map(({ email, zip, language }) => ({ email, zip, language }))).toEqual([
      { email: "ana@example.com", zip: "33180", language: "es" },
      { email: "ana@example.com", zip: "33160", language: "en" },
      { email: "luis@example.com", zip: "33180", language: "en" },
    ]);
  });

  it("answers 400 naming each bad field, and stores nothing", async () => {
    const { app } = await appWith();
    const bad = await join(app, { email: "nope", zip: "3318", language: "fr" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["email", "language", "zip"]);
    expect(bad.json().error.fields.zip).toBe("zipInvalid");
    expect((await join(app, {})).statusCode).toBe(400);
    expect(await app.database.db.select().from(waitlist)).toEqual([]);
  });

  it("shares the e-mail-keyed limit: per client address and per e-mail (in addresses), 429 in the error shape", async () => {
    const { app } = await appWith({ RATE_LIMIT_EMAIL_CALLS: "3" });
    for (let i = 1; i <= 3; i++) expect((await join(app, { email: "ana@example.com", zip: "33180", language: "en" })).statusCode, `#${i}`).toBe(200);
    const limited = await join(app, { email: "ana@example.com", zip: "33180", language: "en" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("rate_limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // The same e-mail from other addresses: that one address's calls did not use up the e-mail's limit, which
    // counts addresses; the fourth address is one too many.
    for (const address of ["198.51.100.9", "198.51.100.10"]) {
      expect((await join(app, { email: "ANA@example.com", zip: "33160", language: "en" }, address)).statusCode, address).toBe(200);
    }
    const sameEmail = await join(app, { email: "ana@example.com", zip: "33160", language: "en" }, "198.51.100.11");
    expect(sameEmail.statusCode).toBe(429);
    expect(Number(sameEmail.headers["retry-after"])).toBeGreaterThan(0);
    // Another e-mail from such an address is not limited.
    expect((await join(app, { email: "luis@example.com", zip: "33160", language: "en" }, "198.51.100.11")).statusCode).toBe(200);
  });

  it("exports the list as CSV for the operator, oldest first, naming each ZIP's coming-soon area", async () => {
    const { app, clock } = await appWith();
    await join(app, { email: "ana@example.com", zip: "33180", language: "es" });
    clock.advanceMinutes(5);
    await join(app, { email: "luis@example.com", zip: "90210", language: "en" });
    clock.advanceMinutes(5);
    await join(app, { email: "=cmd@example.com", zip: "33014", language: "en" });
    const csv = await waitlistCsv(app.database.db);
    expect(csv.trimEnd().split("\n")).toEqual([
      "email,zip,area,language,created_at",
      "ana@example.com,33180,Aventura,es,2030-03-04T15:00:00.000Z",
      "luis@example.com,90210,,en,2030-03-04T15:05:00.000Z",
      "'=cmd@example.com,33014,Miami Lakes,en,2030-03-04T15:10:00.000Z",
    ]);
  });
});
