// Each call of the contract: its success, and bad input answering 400 naming the field (never a 500).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, contactMessages, emailOutbox, newsletterSubscriptions, orders, sandboxCheckoutSessions } from "#server/db/schema";
import { calls } from "#contract/calls";
import { testDriver } from "./helpers/database";
import { fromSite, buildApiApp, cancelRefOf, checkoutBody, checkoutCookie, ORIGIN, openCheckout, payWithCard, signupClient, type ApiApp, type TestClock } from "./helpers/api";

let app: ApiApp;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await buildApiApp());
});
afterAll(() => app.close());

const json = (method: "POST" | "PUT", url: string, payload: unknown, cookie?: string) =>
  app.inject({ method, url, payload: payload as object, headers: fromSite(cookie) });

/** Signs up and pays with the sandbox: an active client; answers the paying browser's cookie. */
async function activeClient(email: string) {
  const { sessionId, cookie } = await openCheckout(app, signupClient(clock, { email }));
  expect((await payWithCard(app, sessionId, "4242424242424242")).statusCode).toBe(303);
  return cookie;
}

describe(`the API calls (${testDriver})`, () => {
  describe("GET /api/service_area/{zip-or-area}", () => {
    it.each([
      ["33131", { available: true, area: "Downtown & Brickell", deliveryTime: "same-day" }],
      ["brickell", { available: true, area: "Downtown & Brickell", deliveryTime: "same-day" }],
      ["South-Beach", { available: true, area: "South Beach & Mid-Beach", deliveryTime: "24-hours" }],
      ["33172", { available: true, area: "Doral & Airport", deliveryTime: "next-day" }],
      ["aventura", { available: false, comingSoon: true, area: "Aventura" }],
      ["Key%20Biscayne", { available: false, comingSoon: true, area: "Key Biscayne" }],
      ["33180", { available: false, comingSoon: true, area: "Aventura" }],
      ["33014", { available: false, comingSoon: true, area: "Miami Lakes" }],
      ["90210", { available: false }],
      ["%3Cscript%3E", { available: false }],
      ["3313", { available: false }],
      ["x".repeat(100), { available: false }],
    ])("%s answers 200 %j", async (area, expected) => {
      const response = await app.inject(`/api/service_area/${area}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    });

    it("answers JSON, the same again after more areas than it keeps answers for (1,000) were asked", async () => {
      const ask = (area: string) => app.inject(`/api/service_area/${area}`);
      const first = await ask("33131");
      expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
      for (let i = 0; i < 1001; i++) expect((await ask(`nowhere-${i}`)).json()).toEqual({ available: false });
      expect((await ask("33131")).body).toBe(first.body);
      expect((await ask("aventura")).json()).toEqual({ available: false, comingSoon: true, area: "Aventura" });
    });
  });

  describe("GET /api/client/email_exists/{email}", () => {
    it("is true only for a live subscription, compared trimmed and lowercased", async () => {
      const exists = async (email: string) => (await app.inject(`/api/client/email_exists/${encodeURIComponent(email)}`)).json();
      expect(await exists("nobody@example.com")).toEqual({ exists: false });
      await openCheckout(app, signupClient(clock, { email: "pending@example.com" }));
      expect(await exists("pending@example.com")).toEqual({ exists: false });
      await activeClient("live@example.com");
      expect(await exists("live@example.com")).toEqual({ exists: true });
      expect(await exists("  LIVE@Example.COM ")).toEqual({ exists: true });
      expect(await exists("not-an-email")).toEqual({ exists: false });
    });

    it("takes any address the sign-up takes, up to 254 characters, even spelled out in percent escapes", async () => {
      const long = `${"a".repeat(180)}+laundry@${"b".repeat(40)}.example.com`;
      expect(long.length).toBeLessThanOrEqual(254);
      await activeClient(long);
      const answer = await app.inject(`/api/client/email_exists/${encodeURIComponent(long)}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ exists: true });
      const escaped = [...long].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
      expect((await app.inject(`/api/client/email_exists/${escaped}`)).json()).toEqual({ exists: true });
      // Past the length: bad input in the error shape, not "no such route".
      const over = await app.inject(`/api/client/email_exists/${"a".repeat(300)}%40example.com`);
      expect(over.statusCode).toBe(400);
      expect(over.json().error.code).toBe("validation_failed");
    });
  });

  describe("POST /api/client/register/new and PUT /api/client/update_by_email", () => {
    it("create a pending client for a new address; its owner's browser updates it", async () => {
      const client = signupClient(clock, { email: "Reg@Example.com" });
      expect((await json("POST", "/api/client/register/new", client)).json()).toEqual({ ok: true });
      const [created] = await app.database.db.select().from(clients).where(eq(clients.email, "reg@example.com"));
      expect(created).toMatchObject({ name: "Ana", isActive: false, pickupOne: client.pickupone });
      const { cookie } = await openCheckout(app, client);
      expect((await json("POST", "/api/client/register/new", { ...client, surname: "Gómez" }, cookie)).json()).toEqual({ ok: true });
      const [registered] = await app.database.db.select().from(clients).where(eq(clients.email, "reg@example.com"));
      expect(registered).toMatchObject({ surname: "Gómez" });
      const update = await json("PUT", "/api/client/update_by_email", { ...client, name: "Beatriz" }, cookie);
      expect(update.statusCode).toBe(200);
      const [row] = await app.database.db.select().from(clients).where(eq(clients.email, "reg@example.com"));
      expect(row).toMatchObject({ name: "Beatriz", surname: "García", isActive: false, pickupOne: client.pickupone });
    });

    it("answer 409 client_active to the paying browser of a paying client, changing nothing", async () => {
      const cookie = await activeClient("paying@example.com");
      for (const [method, url] of [["POST", "/api/client/register/new"], ["PUT", "/api/client/update_by_email"]] as const) {
        const response = await json(method, url, signupClient(clock, { email: "paying@example.com", name: "Changed" }), cookie);
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe("client_active");
      }
      const [row] = await app.database.db.select().from(clients).where(eq(clients.email, "paying@example.com"));
      expect(row).toMatchObject({ name: "Ana", isActive: true });
    });

    it("update_by_email answers 404 for an unknown client", async () => {
      const response = await json("PUT", "/api/client/update_by_email", signupClient(clock, { email: "ghost@example.com" }));
      expect(response.statusCode).toBe(404);
    });

    it("answer 400 naming each bad field", async () => {
      const client = signupClient(clock, { name: "A", email: "bad", phoneNumber: "305" });
      const response = await json("POST", "/api/client/register/new", { ...client, address: { ...client.address, zip: "12" } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "validation_failed",
        fields: { name: "firstNameMin", email: "emailInvalid", phoneNumber: "phoneInvalid", "address.zip": "zipInvalid" },
      });
    });
  });

  describe("GET /api/signupday/{yyyy-mm-dd}", () => {
    it("answers the 7 days from the date", async () => {
      const response = await app.inject(`/api/signupday/${clock.day(1)}`);
      expect(response.statusCode).toBe(200);
      const availability = response.json().availability;
      expect(Object.keys(availability)).toEqual(Array.from({ length: 7 }, (_, i) => clock.day(1 + i)));
      expect(Object.values(availability).every((v) => v === true)).toBe(true);
    });

    it.each(["2030-13-01", "2030-02-30", "tomorrow", "20300301"])("answers 400 for the malformed date %s", async (id) => {
      const response = await app.inject(`/api/signupday/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ id: "dateInvalid" });
    });
  });

  describe("POST /api/payments/create-checkout-session_signup", () => {
    it("answers a checkout_url on the sandbox's page", async () => {
      const response = await json("POST", "/api/payments/create-checkout-session_signup", checkoutBody(signupClient(clock, { email: "co@example.com" })));
      expect(response.statusCode).toBe(200);
      expect(response.json().checkout_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/checkout/cs_sandbox_`));
    });

    it("refuses return addresses off the site's origin (no open redirect)", async () => {
      const body = { ...checkoutBody(signupClient(clock, { email: "redir@example.com" })), success_url: "https://evil.example/payment-success", cancel_url: "javascript:alert(1)" };
      const response = await json("POST", "/api/payments/create-checkout-session_signup", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({ success_url: expect.any(String), cancel_url: expect.any(String) });
    });

    it("hands the provider the return addresses as a browser reads them, whatever another parser would make of them", async () => {
      const body = { ...checkoutBody(signupClient(clock, { email: "slash@example.com" })), cancel_url: `${ORIGIN}\\@evil.example/payment-canceled` };
      const response = await json("POST", "/api/payments/create-checkout-session_signup", body);
      expect(response.statusCode).toBe(200);
      const sessionId = response.json().checkout_url.split("/").pop();
      const [session] = await app.database.db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
      // With the reference of this checkout (its rollback cancels it and no newer one).
      expect(session?.cancelUrl).toBe(`${ORIGIN}/@evil.example/payment-canceled?checkout=${cancelRefOf(checkoutCookie(response))}`);
    });

    it("re-checks the service area and the days", async () => {
      const outside = signupClient(clock, { email: "far@example.com" });
      outside.address = { ...outside.address, zip: "90210" };
      let response = await json("POST", "/api/payments/create-checkout-session_signup", checkoutBody(outside));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: "area_unavailable", fields: { "client.address.zip": "areaUnavailable" } });

      const today = signupClient(clock, { email: "today@example.com", startdate: clock.today(), pickupone: clock.today(), pickuptwo: clock.day(2) });
      response = await json("POST", "/api/payments/create-checkout-session_signup", checkoutBody(today));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: "day_unavailable", fields: { "client.pickupone": "dayPast" } });

      const weekApart = signupClient(clock, { email: "week@example.com" }, 2, 7);
      response = await json("POST", "/api/payments/create-checkout-session_signup", checkoutBody(weekApart));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: "day_unavailable", fields: { "client.pickuptwo": "dayNotSameWeek" } });
      expect(await app.database.db.select().from(clients).where(eq(clients.email, "week@example.com"))).toEqual([]);
    });

    it("answers 400 naming the client's bad fields", async () => {
      const client = signupClient(clock, { email: "x@" });
      const response = await json("POST", "/api/payments/create-checkout-session_signup", { ...checkoutBody(client), client: { ...client, pickuptwo: client.pickupone } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({ "client.email": "emailInvalid", "client.pickuptwo": "pickupDatesOrder" });
    });
  });

  describe("the post-payment calls", () => {
    it("answer 409 not_paid for an unknown or pending client, changing nothing", async () => {
      await openCheckout(app, signupClient(clock, { email: "unpaid@example.com" }));
      for (const email of ["unpaid@example.com", "stranger@example.com"]) {
        const calls = [
          app.inject(`/api/client/set_active/${email}`),
          json("POST", "/api/order/create4customer", { client_email: email, createdBy: "signup-wizard", date: clock.day(3) }),
          app.inject({ method: "POST", url: `/api/client/send_welcome_email?email=${email}`, payload: JSON.stringify(email), headers: { "content-type": "application/json" } }),
        ];
        for (const response of await Promise.all(calls)) {
          expect(response.statusCode).toBe(409);
          expect(response.json().error.code).toBe("not_paid");
        }
      }
      const [row] = await app.database.db.select().from(clients).where(eq(clients.email, "unpaid@example.com"));
      expect(row?.isActive).toBe(false);
      expect(await app.database.db.select().from(orders).where(eq(orders.clientId, row!.id))).toEqual([]);
    });

    it("answer 400 naming bad fields", async () => {
      let response = await json("POST", "/api/order/create4customer", { client_email: "nope", createdBy: "", date: "2030-02-31" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({ client_email: "emailInvalid", date: "dateInvalid", createdBy: expect.any(String) });
      response = await app.inject("/api/client/set_active/not-an-email");
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ email: "emailInvalid" });
      response = await app.inject({ method: "POST", url: "/api/client/send_welcome_email?email=a@example.com", payload: JSON.stringify("b@example.com"), headers: { "content-type": "application/json" } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ body: "emailMismatch" });
      response = await app.inject({ method: "POST", url: "/api/client/send_welcome_email", payload: JSON.stringify("b@example.com"), headers: { "content-type": "application/json" } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty("email");
    });

    it("create4customer refuses a date that is not one of the client's pickup days", async () => {
      const cookie = await activeClient("orders@example.com");
      const response = await json("POST", "/api/order/create4customer", { client_email: "orders@example.com", createdBy: "signup-wizard", date: clock.day(4) }, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ date: "notAPickupDay" });
    });
  });

  describe("POST /api/contact_form", () => {
    it("stores the message and queues the operator's notification", async () => {
      const form = { type: "commercial", name: " Luis ", businessName: "Hotel Sol", email: "Luis@Hotel.example", message: "Linens for 20 rooms" };
      const response = await json("POST", "/api/contact_form", form);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const [stored] = await app.database.db.select().from(contactMessages).where(eq(contactMessages.email, "luis@hotel.example"));
      expect(stored).toMatchObject({ type: "commercial", name: "Luis", businessName: "Hotel Sol", message: "Linens for 20 rooms", phone: null });
      const queued = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact-notification"));
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ to: app.config.CONTACT_INBOX, data: expect.objectContaining({ name: "Luis", businessName: "Hotel Sol" }) });
    });

    it("tells the team which language the message was written from, when the page says", async () => {
      const form = { type: "residential", name: "Marta", email: "marta@example.com", phone: "3055550100", message: "¿Recogen en Hialeah?", language: "es" };
      expect((await json("POST", "/api/contact_form", form)).statusCode).toBe(200);
      // The notification's template names it ("Site language: Spanish", tests/server/mail.test.ts).
      const queued = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact-notification"));
      expect(queued.map((m) => m.data).find((d) => (d as { name?: string }).name === "Marta")).toMatchObject({ language: "es" });
      expect((await json("POST", "/api/contact_form", { ...form, language: "fr" })).statusCode).toBe(400);
    });

    it("stores a message sent again under the same key once, and e-mails the team once (its first answer was lost)", async () => {
      const form = { type: "residential", name: "Rosa", email: "rosa@example.com", phone: "3055550100", message: "Pickup at 8?", submissionId: "a".repeat(32) };
      for (let i = 0; i < 3; i++) {
        const response = await json("POST", "/api/contact_form", form);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }
      // Another message (another key), and messages without a key, are each their own.
      expect((await json("POST", "/api/contact_form", { ...form, message: "Pickup at 9?", submissionId: "b".repeat(32) })).statusCode).toBe(200);
      const { submissionId: _key, ...keyless } = form;
      for (let i = 0; i < 2; i++) expect((await json("POST", "/api/contact_form", keyless)).statusCode).toBe(200);
      const stored = await app.database.db.select().from(contactMessages).where(eq(contactMessages.email, "rosa@example.com")).orderBy(contactMessages.id);
      expect(stored.map((m) => [m.message, m.submissionId])).toEqual([
        ["Pickup at 8?", "a".repeat(32)],
        ["Pickup at 9?", "b".repeat(32)],
        ["Pickup at 8?", null],
        ["Pickup at 8?", null],
      ]);
      const queued = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact-notification"));
      const rosa = queued.filter((m) => (m.data as { name?: string }).name === "Rosa");
      expect(rosa).toHaveLength(4);
      // The key is the browser's, not the team's to read.
      for (const message of rosa) expect(message.data).not.toHaveProperty("submissionId");
      for (const submissionId of ["short", "x".repeat(65), "a b".repeat(8), 42]) {
        expect((await json("POST", "/api/contact_form", { ...form, submissionId })).statusCode, String(submissionId)).toBe(400);
      }
    });

    it("answers 400 naming the missing fields", async () => {
      let response = await json("POST", "/api/contact_form", { type: "residential", name: "Eva", email: "eva@example.com", message: "Hi" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ phone: expect.any(String) });
      response = await json("POST", "/api/contact_form", { type: "commercial", name: "", businessName: "", email: "bad", message: " " });
      expect(response.json().error.fields).toMatchObject({ name: "nameRequired", businessName: "businessNameRequired", email: "emailInvalid", message: "messageRequired" });
      // Zero-width characters alone look empty in the team's inbox: empty here too, and nothing is stored or e-mailed.
      response = await json("POST", "/api/contact_form", { type: "residential", name: "\u200B\u200B", email: "zw@example.com", phone: "\u200B", message: "\u200B" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ name: "nameRequired", phone: "phoneRequiredResidential", message: "messageRequired" });
      expect(await app.database.db.select().from(contactMessages).where(eq(contactMessages.email, "zw@example.com"))).toEqual([]);
    });
  });

  describe("POST /api/newsletter", () => {
    it("stores a subscription once per e-mail", async () => {
      for (const email of ["news@example.com", " NEWS@example.com "]) {
        const response = await json("POST", "/api/newsletter", { email, language: "es" });
        expect(response.json()).toEqual({ ok: true });
      }
      const rows = await app.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "news@example.com"));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.language).toBe("es");
    });

    it("answers 400 for a bad e-mail", async () => {
      const response = await json("POST", "/api/newsletter", { email: "nope" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ email: "emailInvalid" });
    });
  });

  it("never answers 500 for bad input", async () => {
    const bad = [
      app.inject({ method: "POST", url: "/api/client/register/new", payload: "[]", headers: { "content-type": "application/json" } }),
      app.inject({ method: "POST", url: "/api/client/register/new", payload: "{not json", headers: { "content-type": "application/json" } }),
      app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: {} }),
      app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: { success_url: 1, cancel_url: null, client: "x" } }),
      app.inject({ method: "POST", url: "/api/order/create4customer", payload: { client_email: 5 } }),
      app.inject({ method: "POST", url: "/api/contact_form", payload: { type: "other" } }),
      app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "a@b.co", language: "fr" } }),
      app.inject({ method: "POST", url: "/api/client/send_welcome_email?email=a@b.co", payload: "{}", headers: { "content-type": "application/json" } }),
      app.inject("/api/client/delete_by_email/%E0%A4%A"),
      app.inject("/api/payments/create-portal-session/x"),
      app.inject("/api/signupday/9999-99-99"),
    ];
    for (const response of await Promise.all(bad)) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().error.code, response.body).toEqual(expect.any(String));
    }
  });

  it("publishes an OpenAPI document of every call from the same schemas", async () => {
    const response = await app.inject("/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const call of Object.values(calls)) {
      const path = `/api${call.path.replace(/:(\w+)/g, "{$1}")}`;
      expect(document.paths[path], path).toBeDefined();
      expect(document.paths[path][call.method.toLowerCase()], `${call.method} ${path}`).toBeDefined();
    }
    const checkout = document.paths["/api/payments/create-checkout-session_signup"].post;
    expect(checkout.requestBody.content["application/json"].schema.properties.client.properties.email).toBeDefined();
    expect(checkout.responses["409"]).toBeDefined();
  });
});
