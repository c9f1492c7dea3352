// @vitest-environment node
// On the server (no document) zod keeps its compiled fast path: only the browser's CSP forbids `new Function`
// (tests/unit/zod-jitless.test.ts is the browser's side).
import { describe, expect, it } from "vitest";
import { z } from "zod";

describe("zod on the server", () => {
  it("is not made jitless by the contract", async () => {
    const { clientSchema } = await import("#contract/client");
    expect(clientSchema.safeParse({}).success).toBe(false);
    expect(z.config().jitless).not.toBe(true);
  });
});
