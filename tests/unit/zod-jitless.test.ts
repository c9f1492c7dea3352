// In the browser zod must never probe `new Function` (the site's CSP forbids eval and reports each probe).
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

describe("zod in the browser", () => {
  it("is jitless once any contract module has loaded, and parsing an object never calls Function", async () => {
    const { clientSchema } = await import("#contract/client");
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, "Function");
    clientSchema.safeParse({});
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
