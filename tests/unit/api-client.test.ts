// The API client against a fake fetch: the answers it takes are the contract's, and a failure carries the
// server's error code and fields (the views choose their message by the code). The calls themselves against
// the real server are tests/server/api-calls.test.ts.
import { describe, expect, it } from "vitest";
import { ApiRequestError, createApiClient } from "../../src/api/client";

/** A client whose every request is answered with `body` and `status`; it records the requests. */
function answering(body: unknown, status = 200) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    requests.push({ method: String(init.method), url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status, statusText: status === 200 ? "OK" : "Bad Request" });
  };
  return { api: createApiClient({ baseUrl: "/api", fetch: fetch as unknown as typeof globalThis.fetch }), requests };
}

describe("the API client", () => {
  it("carries the server's error code and fields on a failed call", async () => {
    const { api } = answering({ error: { code: "validation_failed", message: "Invalid", fields: { email: "emailInvalid" } } }, 400);
    const failure = await api.call("newsletter", { body: { email: "ana@example.com", language: "en" } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 400, message: "API Error: 400 Bad Request", code: "validation_failed", fields: { email: "emailInvalid" } });
  });

  it("fails without a code when the error body is not the API's error shape", async () => {
    const { api } = answering({ message: "gateway down" }, 400);
    const failure = await api.call("newsletter", { body: { email: "ana@example.com", language: "en" } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 400, code: undefined, fields: undefined });
  });

  it("takes { ok: true } for an acknowledged call and refuses any other answer", async () => {
    await expect(answering({ ok: true }).api.call("newsletter", { body: { email: "ana@example.com", language: "en" } })).resolves.toEqual({ ok: true });
    for (const answer of [{ ok: false }, {}, { error: "no" }]) {
      await expect(answering(answer).api.call("newsletter", { body: { email: "ana@example.com", language: "en" } }), JSON.stringify(answer)).rejects.toThrow();
    }
  });
});
