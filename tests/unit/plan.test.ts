// The service's calendar day is Miami's (src/domain/plan.ts SERVICE_TIME_ZONE): "today", the pickup days and the
// dates in the e-mails change at Miami's midnight, not at UTC's. Tested here on its own, without importing the
// server's dates.ts: an invalid zone makes that module throw on import, which Stryker's Vitest runner counts as no
// failure at all (stryker-js#6150), although tests/unit/pickup-rules.test.ts then fails to load.
import { describe, expect, it } from "vitest";
import { SERVICE_TIME_ZONE } from "#domain/plan";

const serviceDay = (instant: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: SERVICE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));

describe("the service time zone", () => {
  it("is Miami's: the day turns at Miami's midnight, in winter and in summer time", () => {
    expect(serviceDay("2026-11-26T04:30:00Z")).toBe("2026-11-25"); // 23:30 EST
    expect(serviceDay("2026-11-26T05:30:00Z")).toBe("2026-11-26"); // 00:30 EST
    expect(serviceDay("2026-07-01T03:30:00Z")).toBe("2026-06-30"); // 23:30 EDT
    expect(serviceDay("2026-07-01T04:30:00Z")).toBe("2026-07-01"); // 00:30 EDT
  });
});
