// @vitest-environment node
// The runs that drive many sign-ups from one address lift every per-address limit the server has.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { liftedLimits } from "../../scripts/lifted-limits.mjs";

describe("lifted limits", () => {
  it("name every rate limit and open-checkout cap of server/config.ts", () => {
    const config = readFileSync(path.resolve(__dirname, "../../server/config.ts"), "utf8");
    const settings = [...config.matchAll(/^\s*((?:RATE_LIMIT_[A-Z_]+)|CHECKOUT_OPEN_PER_ADDRESS):/gm)].map((m) => m[1]);
    expect(settings.length).toBeGreaterThan(5);
    expect(Object.keys(liftedLimits).sort()).toEqual([...settings].sort());
  });
});
