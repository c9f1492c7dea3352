// Fuzzing: property-based requests (fast-check) over every route of /api/openapi.json plus the sandbox's and
// the development mailbox's pages: wrong types, huge and unicode strings, NUL, lone surrogates, nesting,
// wrong content types and oversized bodies. No answer is a 5xx or carries a stack trace or an internal
// message, and the server still answers at the end. A failure prints the request (fast-check's counterexample).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { testDriver } from "./helpers/database";
import { buildApiApp, checkoutBody, signupClient, type ApiApp, type TestClock } from "./helpers/api";

const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

let app: ApiApp;
let clock: TestClock;
let routes: { method: string; path: string }[] = [];
beforeAll(async () => {
  ({ app, clock } = await buildApiApp());
  const doc = (await app.inject("/api/openapi.json")).json<{ paths: Record<string, Record<string, unknown>> }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
  routes.push(
    { method: "GET", path: "/sandbox/checkout/{id}" },
    { method: "POST", path: "/sandbox/checkout/{id}/pay" },
    { method: "GET", path: "/sandbox/portal/{id}" },
    { method: "POST", path: "/sandbox/portal/{id}/cancel" },
    { method: "GET", path: "/dev/mailbox/{id}" },
    { method: "GET", path: "/dev/mailbox/{id}/html" },
    { method: "GET", path: "/dev/mailbox.json" },
    { method: "GET", path: "/dev/mailbox" },
  );
});
afterAll(() => app.close());

/** Path and query pieces, already percent-encoded (a lone surrogate cannot be encodeURIComponent'ed: sent as bytes). */
const urlPiece = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom("%00", "a%00b", "%ED%A0%80", "%ED%B0%80x", "%", "%zz", "2147483648", "-1", "0", "99999999999999999999", "1e309",
    "ana@example.com", "ANA%40EXAMPLE.COM", "2030-03-05", "2030-02-30", "33131", "..", "%2e%2e%2f", "cs_sandbox_x", "bps_sandbox_x", "%F0%9F%98%80"),
  fc.integer({ min: 100, max: 3000 }).map((n) => "a".repeat(n)),
);

const nasty = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom("\u0000", "a\u0000", "\ud800", "x\udc00y", "😀", "ñ", "", " ", "2147483648", "null", "<script>", "'; drop table clients; --"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => "é".repeat(n)),
);

/** A valid body's fields, each possibly replaced by something wrong: gets past the outer shape into the rules. */
function mutated(base: Record<string, unknown>) {
  const keys = Object.keys(base);
  return fc.record({ key: fc.constantFrom(...keys), value: fc.oneof(nasty, fc.jsonValue({ maxDepth: 3 })), inner: fc.option(fc.constantFrom("name", "email", "zip", "number", "pickupone", "address", "language"), { nil: undefined }) }).map(
    ({ key, value, inner }) => {
      const copy = structuredClone(base) as Record<string, unknown>;
      const target = inner && typeof copy.client === "object" && copy.client ? (copy.client as Record<string, unknown>) : copy;
      target[inner && target !== copy ? inner : key] = value;
      return copy;
    },
  );
}

describe(`fuzzing every route (${testDriver})`, () => {
  it(`answers ${RUNS} generated requests without a 5xx, a stack trace or an internal message`, { timeout: 600_000 }, async () => {
    const client = signupClient(clock, { email: "fuzz@example.com" });
    const valid = [
      checkoutBody(client) as unknown as Record<string, unknown>,
      client as unknown as Record<string, unknown>,
      { type: "residential", name: "Eva", email: "eva@example.com", phone: "3055550100", message: "Hello" },
      { email: "eva@example.com", language: "es" },
      { client_email: "fuzz@example.com", createdBy: "signup-wizard", date: client.pickupone },
    ];
    const body = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...valid).chain(mutated).map((v) => JSON.stringify(v)) },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.integer({ min: 10, max: 3000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`) },
      { weight: 1, arbitrary: fc.integer({ min: 10, max: 2000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`) },
      { weight: 1, arbitrary: fc.constantFrom('{"name":"\\u0000"}', '"\\ud800"', "{", "nul\u0000l", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', "card=4242424242424242", "card=%00") },
      { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 200_000 }).map((n) => JSON.stringify({ message: "x".repeat(n) })) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
    const contentType = fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "",
      undefined,
    );
    const request = fc.record({
      route: fc.integer({ min: 0, max: 10_000 }),
      method: fc.option(fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"), { freq: 8, nil: undefined }),
      pieces: fc.array(urlPiece, { minLength: 3, maxLength: 3 }),
      query: fc.option(fc.array(fc.tuple(fc.constantFrom("email", "to", "canceled", "x", "email[]", "session_id"), urlPiece), { maxLength: 3 }), { nil: undefined }),
      body,
      contentType,
    });

    let count = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.route % routes.length]!;
        let i = 0;
        const path = route.path.replace(/\{[^}]+\}/g, () => r.pieces[i++ % r.pieces.length]!);
        const query = r.query?.map(([k, v]) => `${k}=${v}`).join("&");
        const method = (r.method ?? route.method) as "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
        const hasBody = method !== "GET" && r.body !== undefined;
        const response = await app.inject({
          method,
          url: query ? `${path}?${query}` : path,
          ...(hasBody ? { payload: r.body } : {}),
          headers: hasBody && r.contentType !== undefined ? { "content-type": r.contentType } : {},
        });
        count += 1;
        const text = response.body;
        if (response.statusCode >= 500) throw new Error(`${method} ${path} answered ${response.statusCode}: ${text.slice(0, 300)}`);
        // The built site's own scripts and styles (present once the site is built) are our code, not an answer.
        const ownCode = /javascript|text\/css/.test(String(response.headers["content-type"] ?? ""));
        if (!ownCode) expect(text, `${method} ${path}`).not.toMatch(/\n\s+at [\w.<>]+ \(|Failed query|node_modules|\.ts:\d+|TypeError|ReferenceError|violates|syntax error|invalid byte sequence|relation "/i);
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, verbose: 1, endOnFailure: true },
    );
    expect(count).toBe(RUNS);
    // Still alive and well.
    expect((await app.inject("/api/health")).statusCode).toBe(200);
    expect((await app.inject("/api/service_area/33131")).json()).toMatchObject({ available: true });
  });
});
