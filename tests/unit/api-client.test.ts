// The API client against a fake fetch: the answers it takes are the contract's, and a failure carries the
// server's error code and fields (the views choose their message by the code). The calls themselves against
// the real server are tests/server/api-calls.test.ts.
import { describe, expect, it } from "vitest";
import { ApiRequestError, createApiClient } from "../../src/api/client";
import { SITE_CLIENT_HEADER } from "#contract/calls";
import { SEND_DEADLINE_MS } from "../../src/api/deadline";

/** A client whose every request is answered with `body` and `status`; it records the requests. */
function answering(body: unknown, status = 200) {
  const requests: { method: string; url: string; body: unknown; headers: Headers }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    requests.push({ method: String(init.method), url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)), headers: new Headers(init.headers) });
    return new Response(JSON.stringify(body), { status, statusText: status === 200 ? "OK" : "Bad Request" });
  };
  return { api: createApiClient({ baseUrl: "/api", fetch: fetch as unknown as typeof globalThis.fetch }), requests };
}

describe("the API client", () => {
  it("carries the server's error code and fields on a failed call", async () => {
    const { api } = answering({ error: { code: "validation_failed", message: "Invalid", fields: { email: "emailInvalid" } } }, 400);
    const failure = await api.call("newsletter", { body: { email: "ana@example.com", language: "en" }, deadlineMs: SEND_DEADLINE_MS }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 400, message: "API Error: 400 Bad Request", code: "validation_failed", fields: { email: "emailInvalid" } });
  });

  it("fails without a code when the error body is not the API's error shape", async () => {
    const { api } = answering({ message: "gateway down" }, 400);
    const failure = await api.call("newsletter", { body: { email: "ana@example.com", language: "en" }, deadlineMs: SEND_DEADLINE_MS }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 400, code: undefined, fields: undefined });
  });

  it("takes { ok: true } for an acknowledged call and refuses any other answer", async () => {
    await expect(answering({ ok: true }).api.call("newsletter", { body: { email: "ana@example.com", language: "en" }, deadlineMs: SEND_DEADLINE_MS })).resolves.toEqual({ ok: true });
    for (const answer of [{ ok: false }, {}, { error: "no" }]) {
      await expect(answering(answer).api.call("newsletter", { body: { email: "ana@example.com", language: "en" }, deadlineMs: SEND_DEADLINE_MS }), JSON.stringify(answer)).rejects.toThrow();
    }
  });
});

describe("the calls of the contract (product-spec §7, docs/who-may-do-what.md, README)", () => {
  const email = "ana@example.com";
  const at = "ana%40example.com";
  // name, input, the request the server must receive, an answer of the contract's shape
  const table = [
    ["serviceArea", { params: { area: "33131" } }, "GET /api/service_area/33131", true],
    ["emailExists", { params: { email } }, `GET /api/client/email_exists/${at}`, { exists: false }],
    ["registerClient", { body: { email } }, "POST /api/client/register/new", { ok: true }],
    ["updateClient", { body: { email } }, "PUT /api/client/update_by_email", { ok: true }],
    ["deleteClient", { params: { email } }, `GET /api/client/delete_by_email/${at}`, { ok: true, deleted: true }],
    ["setActive", { params: { email } }, `GET /api/client/set_active/${at}`, { ok: true, isActive: true }],
    ["sendWelcomeEmail", { query: { email }, body: email }, `POST /api/client/send_welcome_email?email=${at}`, { ok: true, queued: true }],
    ["createPortalSession", { params: { email } }, `GET /api/payments/create-portal-session/${at}`, { portal_url: "https://billing.example/p" }],
    ["portalSession", { body: { token: "t" } }, "POST /api/payments/portal-session", { sent: true }],
    ["signupDay", { params: { id: "2030-01-08" } }, "GET /api/signupday/2030-01-08", { availability: { "2030-01-08": true } }],
    ["createCheckoutSession", { body: { client: { email } } }, "POST /api/payments/create-checkout-session_signup", { checkout_url: "https://checkout.example/c" }],
    ["createOrder", { body: { client_email: email } }, "POST /api/order/create4customer", { ok: true, created: true }],
    ["contactForm", { body: { type: "residential" } }, "POST /api/contact_form", { ok: true }],
    ["newsletter", { body: { email, language: "en" } }, "POST /api/newsletter", { ok: true }],
    ["waitlist", { body: { email, zip: "33180", language: "en" } }, "POST /api/waitlist", { ok: true }],
  ] as const;

  it("keeps a hosted page's link from any of the spec's three places (portal_url or checkout_url, url, session.url)", async () => {
    for (const answer of [{ checkout_url: "https://checkout.example/c" }, { url: "https://checkout.example/c" }, { session: { url: "https://checkout.example/c" } }]) {
      await expect(answering(answer).api.call("createCheckoutSession", { body: {} as never, deadlineMs: SEND_DEADLINE_MS })).resolves.toEqual(answer);
    }
  });

  it.each(table)("%s goes to its method and path with the site's header, and takes its answer", async (name, input, request, answer) => {
    const { api, requests } = answering(answer);
    await expect(api.call(name, { ...input, deadlineMs: SEND_DEADLINE_MS } as never)).resolves.toEqual(answer);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([request]);
    // Without it the server takes the checkout cookie for no proof (docs/decisions/016).
    expect(requests[0]!.headers.get(SITE_CLIENT_HEADER)).toBe("1");
  });
});
