// The checkout pages' browser-only module and their real actors: what they read, mark and send.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, toPromise, type AnyActorLogic } from "xstate";
import { claimPaymentSuccessRun, sendConversion, trackerPresent } from "../../src/checkout/checkout-storage";
import { readSavedCheckout } from "../../src/browser/tab-session";
import { paidInThisTab, readMirroredForm, readSavedSignup, saveCheckout, writeMirroredForm } from "../../src/signup/signup-session";
import { paymentSuccessRunKey } from "#machines/payment-success.machine";
import { clientSchema, type ClientInput } from "#contract/client";
import { paymentCanceledActors, paymentSuccessActors, portalRedirectActors } from "../../src/checkout/checkout-actors";
import { createApiClient } from "../../src/api/client";
import { CHECKOUT_FORM_KEY, CLIENT_DATA_KEY, PAYMENT_SUCCESS_DONE_KEY, PORTAL_REQUEST_KEY } from "#domain/signup-storage";
import { validClient } from "../fixtures/client";
import { validSignupForm } from "../fixtures/signup-form";

const client: ClientInput = validClient({ language: "es" });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  delete window.gtag;
});

describe("checkout storage", () => {
  it("keeps its records under fixed, distinct keys (a tab that left for checkout before a deploy comes back after it)", () => {
    // The keys are a stored format: sessionStorage outlives the round trip to the payment page, so a renamed key
    // would lose the saved checkout of every tab in flight (no orders created on its return); e2e/ seeds them too.
    expect([CLIENT_DATA_KEY, CHECKOUT_FORM_KEY, PAYMENT_SUCCESS_DONE_KEY, PORTAL_REQUEST_KEY]).toEqual([
      "signup:client-data",
      "signup:checkout-form",
      "signup:payment-success-done",
      "signup:portal-request",
    ]);
  });

  it("reads the form saved at checkout, and nothing from a missing, broken or foreign record", () => {
    expect(readSavedCheckout()).toBeNull();
    sessionStorage.setItem(CHECKOUT_FORM_KEY, "{not json");
    expect(readSavedCheckout()).toBeNull();
    sessionStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify({ form: {}, client: { email: "ana@example.com" }, savedAt: "x" }));
    expect(readSavedCheckout()).toBeNull();
    sessionStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify({ form: { step: 6 }, client, savedAt: "2030-03-01T10:00:00Z" }));
    expect(readSavedCheckout()?.client).toMatchObject({ email: "ana@example.com", pickupone: "2030-03-05", pickuptwo: "2030-03-07" });
  });

  it("claims a run once per key", () => {
    expect(claimPaymentSuccessRun("ana@example.com|2030-03-05|2030-03-07|cs_1")).toBe(true);
    expect(sessionStorage.getItem(PAYMENT_SUCCESS_DONE_KEY)).toBe("ana@example.com|2030-03-05|2030-03-07|cs_1");
    expect(claimPaymentSuccessRun("ana@example.com|2030-03-05|2030-03-07|cs_1")).toBe(false);
    expect(claimPaymentSuccessRun("ana@example.com|2030-03-12|2030-03-14|cs_2")).toBe(true);
  });

  it("sends the conversion only when gtag exists", () => {
    expect(trackerPresent()).toBe(false);
    expect(() => sendConversion({ value: 19.99, currency: "USD", transactionId: "cs_1" })).not.toThrow();
    const gtag = vi.fn();
    window.gtag = gtag;
    expect(trackerPresent()).toBe(true);
    sendConversion({ value: 19.99, currency: "USD", transactionId: "cs_1" });
    expect(gtag).toHaveBeenCalledWith("event", "conversion", { value: 19.99, currency: "USD", transaction_id: "cs_1" });
    sendConversion({ value: 19.99, currency: "USD" });
    expect(gtag).toHaveBeenLastCalledWith("event", "conversion", { value: 19.99, currency: "USD" });
  });
});

describe("what the tab keeps of a sign-up after paying", () => {
  // The values a visitor types that must not outlive the payment in a tab the next person may reopen
  // (Ctrl+Shift+T restores a closed tab's sessionStorage): name, phone, street, the building's codes.
  const typed = { firstName: "Marisol", lastName: "Fernández", phone: "(305) 555-0142", street: "801 Brickell Avenue", gateCode: "4827#", callBoxCode: "9911" };
  const form = validSignupForm({
    firstName: typed.firstName,
    lastName: typed.lastName,
    phone: typed.phone,
    email: "marisol@example.com",
    address: { street: typed.street, number: 801, zip: "33131", city: "Miami", state: "FL", country: "USA", formatted_address: "" },
    buildingType: "apartment",
    building: { ...validSignupForm().building, buildingName: "Brickell Tower", unit: "12B", callBoxCode: typed.callBoxCode, gateCode: typed.gateCode },
  });
  const sent = clientSchema.parse(
    validClient({
      name: typed.firstName,
      surname: typed.lastName,
      phoneNumber: typed.phone,
      email: "marisol@example.com",
      address: { street: "Brickell Avenue", number: 801, zip: "33131", city: "Miami", formatted_address: typed.street, unit: "12B", callBoxCode: typed.callBoxCode, gateCode: typed.gateCode },
    }),
  );
  const runKey = paymentSuccessRunKey(sent, "cs_1");
  /** Everything the tab holds, as a visitor's devtools would show it. */
  const tabDump = () => JSON.stringify(Object.fromEntries(Array.from({ length: sessionStorage.length }, (_, i) => [sessionStorage.key(i), sessionStorage.getItem(sessionStorage.key(i)!)])));

  /** The tab as it leaves for the payment page: the mirrored form (on step 6) and the checkout saved by Pay. */
  function leaveForCheckout() {
    writeMirroredForm(form, 6);
    saveCheckout(form, sent);
  }

  it("a cancelled payment still finds the whole form and the client in the tab (step 6 with everything typed)", () => {
    leaveForCheckout();
    expect(readSavedSignup()?.form).toEqual(form);
    expect(readSavedSignup()?.record.client).toEqual(sent);
    expect(readSavedCheckout()?.client.email).toBe("marisol@example.com");
    expect(readMirroredForm()).toEqual({ form, step: 6 });
    expect(paidInThisTab("marisol@example.com")).toBe(false);
  });

  it("once the success page has claimed its run, keeps only the e-mail and the two pickup days", () => {
    leaveForCheckout();
    expect(tabDump()).toContain(typed.gateCode); // the setting is the real one
    expect(claimPaymentSuccessRun(runKey)).toBe(true);
    const dump = tabDump();
    for (const value of Object.values(typed)) expect(dump, value).not.toContain(value);
    for (const value of ["Brickell", "555", "Fernández", "12B"]) expect(dump, value).not.toContain(value);
    expect(sessionStorage.getItem(CLIENT_DATA_KEY)).toBeNull();
    expect(readMirroredForm()).toBeNull();
    expect(readSavedCheckout()?.client).toEqual({ email: "marisol@example.com", pickupone: "2030-03-05", pickuptwo: "2030-03-07" });
  });

  it("a reload of the success page (a second read and claim) still finds the e-mail and the days, and nothing more", () => {
    leaveForCheckout();
    expect(claimPaymentSuccessRun(runKey)).toBe(true);
    const reloaded = readSavedCheckout();
    expect(reloaded && paymentSuccessRunKey(reloaded.client, "cs_1")).toBe(runKey);
    expect(claimPaymentSuccessRun(runKey)).toBe(false);
    expect(readSavedCheckout()?.client).toEqual({ email: "marisol@example.com", pickupone: "2030-03-05", pickuptwo: "2030-03-07" });
    for (const value of Object.values(typed)) expect(tabDump(), value).not.toContain(value);
  });

  it("a paid tab that opens the sign-up again starts a fresh one: resume=1 reopens nothing, a mirror of the paid e-mail is dropped", () => {
    leaveForCheckout();
    claimPaymentSuccessRun(runKey);
    expect(readSavedSignup()).toBeNull();
    expect(paidInThisTab("marisol@example.com")).toBe(true);
    expect(paidInThisTab("someone-else@example.com")).toBe(false);
  });

  it("a checkout saved after the claim (a new sign-up in the tab) is kept whole again until its own success", () => {
    leaveForCheckout();
    claimPaymentSuccessRun(runKey);
    leaveForCheckout();
    expect(readSavedSignup()?.form).toEqual(form);
    expect(tabDump()).toContain(typed.gateCode);
  });
});

function fakeApi(answers: Record<string, { status?: number; body: unknown }>) {
  const requests: Array<{ method: string; url: string; body?: unknown }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({ method: init.method!, url, body: init.body === undefined ? undefined : JSON.parse(init.body as string) });
    const path = url.replace(/\?.*$/, "");
    const answer = answers[path] ?? { status: 404, body: { error: { code: "not_found", message: "no" } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, statusText: answer.status ? "Not Found" : "OK" });
  });
  return { api: createApiClient({ baseUrl: "/api", fetch: fetch as unknown as typeof globalThis.fetch }), requests };
}

const run = (logic: AnyActorLogic, input: unknown) => toPromise(createActor(logic as AnyActorLogic, { input } as never).start());

describe("checkout actors", () => {
  it("make the spec's post-payment calls", async () => {
    const { api, requests } = fakeApi({
      "/api/order/create4customer": { body: { ok: true, created: true } },
      "/api/client/set_active/ana%40example.com": { body: { ok: true, isActive: true } },
      "/api/client/send_welcome_email": { body: { ok: true, queued: true } },
      "/api/payments/create-portal-session/ana%40example.com": { body: { portal_url: "http://localhost:3000/sandbox/portal/ps_1" } },
    });
    const actors = paymentSuccessActors(api);
    await run(actors.createOrder, { email: "ana@example.com", date: "2030-03-05", createdBy: "signup-wizard" });
    await run(actors.setActive, { email: "ana@example.com" });
    await run(actors.sendWelcomeEmail, { email: "ana@example.com" });
    await expect(run(actors.requestPortal, { email: "ana@example.com" })).resolves.toBe("http://localhost:3000/sandbox/portal/ps_1");
    expect(requests).toEqual([
      { method: "POST", url: "/api/order/create4customer", body: { client_email: "ana@example.com", createdBy: "signup-wizard", date: "2030-03-05" } },
      { method: "GET", url: "/api/client/set_active/ana%40example.com", body: undefined },
      { method: "POST", url: "/api/client/send_welcome_email?email=ana%40example.com", body: "ana@example.com" },
      { method: "GET", url: expect.stringMatching(/^\/api\/payments\/create-portal-session\/ana%40example\.com\?requestId=[0-9a-f]{32}$/), body: undefined },
    ]);
  });

  it("treat a portal answer without a link, or an error status, as a failure", async () => {
    const { api } = fakeApi({ "/api/payments/create-portal-session/ana%40example.com": { body: {} } });
    await expect(run(portalRedirectActors(api).requestPortal, { email: "ana@example.com" })).rejects.toThrow("Invalid response from API: missing url");
    await expect(run(portalRedirectActors(api).requestPortal, { email: "nobody@example.com" })).rejects.toThrow("API Error: 404 Not Found");
  });

  it("delete the pending client, then navigate replacing the history entry", async () => {
    const { api, requests } = fakeApi({ "/api/client/delete_by_email/ana%40example.com": { body: { ok: true, deleted: true } } });
    const navigate = vi.fn();
    const actors = paymentCanceledActors(navigate, api);
    await run(actors.deleteClient, { email: "ana@example.com" });
    await run(actors.returnToSignup, { path: "/signup?resume=1&payment=canceled" });
    expect(requests).toEqual([{ method: "GET", url: "/api/client/delete_by_email/ana%40example.com", body: undefined }]);
    expect(navigate).toHaveBeenCalledWith("/signup?resume=1&payment=canceled", { replace: true });
  });

  it("name the cancelled checkout in the delete when the cancel address did", async () => {
    const { api, requests } = fakeApi({ "/api/client/delete_by_email/ana%40example.com": { body: { ok: true, deleted: false } } });
    await run(paymentCanceledActors(vi.fn(), api).deleteClient, { email: "ana@example.com", checkout: "Ab3_-x" });
    expect(requests).toEqual([{ method: "GET", url: "/api/client/delete_by_email/ana%40example.com?checkout=Ab3_-x", body: undefined }]);
  });
});
