// The whole sequence a browser makes, and its replay: repeating any step changes nothing the second time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { checkouts } from "#server/db/schema";
import { fulfilPaidCheckout } from "#server/services/fulfilment";
import { applySubscriptionState } from "#server/services/subscription-state";
import { deletePendingClient } from "#server/services/clients";
import { operatorContact } from "#server/services/operator-notices";
import { testDriver } from "./helpers/database";
import {
  buildApiApp,
  cancelRefOf,
  chargeWithoutFulfilment,
  checkoutBody,
  fromSite,
  ORIGIN,
  openCheckout,
  payWithCard,
  signupClient,
  signupRecord,
  type ApiApp,
  type TestClock,
} from "./helpers/api";

let app: ApiApp;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await buildApiApp());
});
afterAll(() => app.close());

const db = () => app.database.db;
const operator = () => operatorContact(app.config);

async function state(email: string) {
  const { client, orders, welcomes } = await signupRecord(app, email);
  return { client, orders, welcomes: welcomes.length, welcome: welcomes[0] };
}

/** The calls /payment-success makes, in its order, from the paying browser (its checkout cookie). */
async function postPaymentCalls(email: string, days: string[], cookie: string) {
  const answers = [];
  for (const date of days) {
    answers.push(await app.inject({ method: "POST", url: "/api/order/create4customer", payload: { client_email: email, createdBy: "signup-wizard", date }, headers: fromSite(cookie) }));
  }
  answers.push(await app.inject({ url: `/api/client/set_active/${email}`, headers: fromSite(cookie) }));
  answers.push(await app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(cookie) }));
  answers.push(
    await app.inject({ method: "POST", url: `/api/client/send_welcome_email?email=${email}`, payload: JSON.stringify(email), headers: { "content-type": "application/json", ...fromSite(cookie) } }),
  );
  return answers;
}

/** The `checkout=` of the Cancel link on a sandbox checkout page. */
function cancelRef(page: string): string {
  const href = /href="([^"]*\/payment-canceled[^"]*)"/.exec(page)?.[1];
  return new URL(href!.replaceAll("&amp;", "&")).searchParams.get("checkout")!;
}

describe(`the sign-up sequence (${testDriver})`, () => {
  it("checkout, sandbox pay, orders, set active, portal, welcome; then every step again changes nothing", async () => {
    const email = "flow@example.com";
    const client = signupClient(clock, { email, language: "es" });
    const { url, sessionId, cookie } = await openCheckout(app, client);
    expect(url).toBe(`${ORIGIN}/sandbox/checkout/${sessionId}`);
    expect((await state(email)).client).toMatchObject({ isActive: false, language: "es" });

    const page = await app.inject(`/sandbox/checkout/${sessionId}`);
    expect(page.statusCode).toBe(200);

    const paid = await payWithCard(app, sessionId, "4242 4242 4242 4242");
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${ORIGIN}/payment-success?session_id=${sessionId}`);

    let now = await state(email);
    expect(now.client).toMatchObject({ isActive: true, providerCustomerId: expect.stringMatching(/^cus_sandbox_/), providerSubscriptionId: expect.stringMatching(/^sub_sandbox_/) });
    expect(now.orders).toEqual([client.pickupone, client.pickuptwo]);
    expect(now.welcomes).toBe(1);
    expect(now.welcome).toMatchObject({ language: "es", data: expect.objectContaining({ firstName: "Ana", pickupDates: [client.pickupone, client.pickuptwo] }) });

    const [createOne, createTwo, setActive, portal, welcome] = await postPaymentCalls(email, [client.pickupone!, client.pickuptwo!], cookie);
    expect(createOne!.json()).toEqual({ ok: true, created: false });
    expect(createTwo!.json()).toEqual({ ok: true, created: false });
    expect(setActive!.json()).toEqual({ ok: true, isActive: true });
    expect(portal!.json().portal_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/portal/`));
    expect(welcome!.json()).toEqual({ ok: true, queued: false });

    const snapshot = await state(email);
    // The replay: every step again.
    const again = await app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody(client) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("client_active");
    expect((await payWithCard(app, sessionId, "4242 4242 4242 4242")).headers.location).toBe(`${ORIGIN}/payment-success?session_id=${sessionId}`);
    expect((await app.inject(`/sandbox/checkout/${sessionId}`)).statusCode).toBe(303);
    expect((await fulfilPaidCheckout(db(), { sessionId, operator: operator() })).outcome).toBe("already_fulfilled");
    const replayed = await postPaymentCalls(email, [client.pickupone!, client.pickuptwo!], cookie);
    expect(replayed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(replayed[4]!.json()).toEqual({ ok: true, queued: false });
    const deleted = await app.inject({ url: `/api/client/delete_by_email/${email}`, headers: fromSite(cookie) });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe("client_active");

    now = await state(email);
    expect(now.orders).toEqual(snapshot.orders);
    expect(now.welcomes).toBe(1);
    expect(now.client).toMatchObject({ isActive: true, activatedAt: snapshot.client!.activatedAt, updatedAt: snapshot.client!.updatedAt });
    expect(await db().select().from(checkouts).where(eq(checkouts.clientId, now.client!.id))).toHaveLength(1);
  });

  it("a post-payment call before the provider's confirmation fulfils once; the late confirmation then changes nothing", async () => {
    const email = "early@example.com";
    const client = signupClient(clock, { email });
    const { sessionId, cookie } = await openCheckout(app, client);
    // Paid at the provider, but its confirmation (the Pay route's fulfilment, or a webhook) has not arrived.
    expect((await chargeWithoutFulfilment(app, sessionId)).outcome).toBe("paid");
    expect((await state(email)).client?.isActive).toBe(false);

    const setActive = await app.inject({ url: `/api/client/set_active/${email}`, headers: fromSite(cookie) });
    expect(setActive.json()).toEqual({ ok: true, isActive: true });
    const fulfilled = await state(email);
    expect(fulfilled.orders).toEqual([client.pickupone, client.pickuptwo]);
    expect(fulfilled.welcomes).toBe(1);

    // The late confirmation, and concurrent ones: nothing more.
    const late = await Promise.all([fulfilPaidCheckout(db(), { sessionId, operator: operator() }), fulfilPaidCheckout(db(), { sessionId, operator: operator() }), payWithCard(app, sessionId)]);
    expect(late[0].outcome).toBe("already_fulfilled");
    expect(late[1].outcome).toBe("already_fulfilled");
    const after = await state(email);
    expect(after.orders).toEqual(fulfilled.orders);
    expect(after.welcomes).toBe(1);
    expect(after.client?.activatedAt).toEqual(fulfilled.client?.activatedAt);
  });

  it("concurrent confirmations of one payment fulfil exactly once", async () => {
    const email = "race@example.com";
    const { sessionId } = await openCheckout(app, signupClient(clock, { email }));
    await chargeWithoutFulfilment(app, sessionId);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => fulfilPaidCheckout(db(), { sessionId, operator: operator() })));
    expect(outcomes.filter((o) => o.outcome === "fulfilled")).toHaveLength(1);
    const now = await state(email);
    expect(now.orders).toHaveLength(2);
    expect(now.welcomes).toBe(1);
  });

  it("a declined card leaves the client pending; a retry with the paying card succeeds", async () => {
    const email = "declined@example.com";
    const { sessionId } = await openCheckout(app, signupClient(clock, { email }));
    const declined = await payWithCard(app, sessionId, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain("Your card was declined");
    expect((await state(email)).client?.isActive).toBe(false);
    expect((await app.inject(`/api/client/set_active/${email}`)).statusCode).toBe(409);
    expect((await app.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: false });

    const retry = await payWithCard(app, sessionId);
    expect(retry.statusCode).toBe(303);
    expect((await state(email)).client?.isActive).toBe(true);
  });

  it("cancel: the checkout page's Cancel goes to cancel_url; delete_by_email removes the pending client and frees its days", async () => {
    const email = "cancel@example.com";
    const client = signupClient(clock, { email }, 10);
    const { sessionId, cookie } = await openCheckout(app, client);
    const page = await app.inject(`/sandbox/checkout/${sessionId}`);
    expect(page.body).toContain(`href="${ORIGIN}/payment-canceled?checkout=${cancelRefOf(cookie)}"`);
    const held = await db().select().from(checkouts).where(and(eq(checkouts.providerSessionId, sessionId), eq(checkouts.status, "open")));
    expect(held).toHaveLength(1);

    const deleted = await app.inject({ url: `/api/client/delete_by_email/${email}`, headers: fromSite(cookie) });
    expect(deleted.json()).toEqual({ ok: true, deleted: true });
    expect((await state(email)).client).toBeUndefined();
    expect(await db().select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))).toEqual([]);
    // The provider's session is closed too: paying it now is refused.
    expect((await payWithCard(app, sessionId)).statusCode).toBe(410);
    expect((await app.inject({ url: `/api/client/delete_by_email/${email}`, headers: fromSite(cookie) })).json()).toEqual({ ok: true, deleted: false });
  });

  it("delete_by_email never deletes a client who turns out to have paid", async () => {
    const email = "paid-then-back@example.com";
    const { sessionId, cookie } = await openCheckout(app, signupClient(clock, { email }));
    await chargeWithoutFulfilment(app, sessionId);
    const response = await app.inject({ url: `/api/client/delete_by_email/${email}`, headers: fromSite(cookie) });
    expect(response.statusCode).toBe(409);
    const now = await state(email);
    expect(now.client?.isActive).toBe(true);
    expect(now.orders).toHaveLength(2);
  });

  it("a new checkout replaces the pending one: the old session expires and its days are released", async () => {
    const email = "again@example.com";
    const first = await openCheckout(app, signupClient(clock, { email }, 5));
    const second = await openCheckout(app, signupClient(clock, { email, name: "Anita" }, 6));
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await app.inject(`/sandbox/checkout/${first.sessionId}`)).statusCode).toBe(410);
    const rows = await db().select().from(checkouts).where(eq(checkouts.clientId, (await state(email)).client!.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["expired", "open"]);
    expect((await state(email)).client).toMatchObject({ name: "Anita", pickupOne: clock.day(6) });
  });

  describe("the cancel address names its checkout: two tabs of one browser, one e-mail", () => {
    /** Tab A opens a checkout and shows it; tab B (same browser: it sends A's cookie, and keeps its own) replaces it. */
    async function twoTabs(email: string, days: number) {
      const a = await openCheckout(app, signupClient(clock, { email }, days));
      const pageA = (await app.inject(`/sandbox/checkout/${a.sessionId}`)).body;
      const b = await openCheckout(app, signupClient(clock, { email, name: "Bea" }, days + 1), { cookie: a.cookie });
      return { a, b, refA: cancelRef(pageA), refB: cancelRef((await app.inject(`/sandbox/checkout/${b.sessionId}`)).body) };
    }
    const rollback = (email: string, cookie: string, ref?: string) =>
      app.inject({ url: `/api/client/delete_by_email/${email}${ref === undefined ? "" : `?checkout=${ref}`}`, headers: fromSite(cookie) });
    const openRows = async (email: string) =>
      (await db().select().from(checkouts).where(and(eq(checkouts.clientId, (await state(email)).client!.id), eq(checkouts.status, "open")))).map((r) => r.providerSessionId);

    it("the replaced tab's expired page leads back to the sign-up, and its cancel leaves the newer checkout to be paid", async () => {
      const email = "two-tabs@example.com";
      const { a, b, refA, refB } = await twoTabs(email, 15);
      expect(refA).toBe(cancelRefOf(a.cookie));
      expect(refB).toBe(cancelRefOf(b.cookie));
      expect(refA).not.toBe(refB);

      // Tab A pays its replaced checkout: expired, and the way back is step 6, not the cancel address's rollback.
      const expired = await payWithCard(app, a.sessionId);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain(`href="${ORIGIN}/signup?resume=1"`);
      expect(expired.body).not.toContain("payment-canceled");
      expect((await app.inject(`/sandbox/checkout/${a.sessionId}`)).body).toContain(`href="${ORIGIN}/signup?resume=1"`);

      // Tab A's cancel address anyway (a stale page's Cancel, Back to an old link), with the browser's cookie (B's): nothing changes.
      expect((await rollback(email, b.cookie, refA)).json()).toEqual({ ok: true, deleted: false });
      expect((await state(email)).client).toMatchObject({ isActive: false, name: "Bea" });
      expect(await openRows(email)).toEqual([b.sessionId]);

      // Tab B pays: the sign-up completes, with its welcome e-mail.
      expect((await payWithCard(app, b.sessionId)).statusCode).toBe(303);
      expect((await app.inject({ url: `/api/client/set_active/${email}`, headers: fromSite(b.cookie) })).json()).toEqual({ ok: true, isActive: true });
      const done = await state(email);
      expect(done.client).toMatchObject({ isActive: true, name: "Bea" });
      expect(done.orders).toEqual([clock.day(16), clock.day(18)]);
      expect(done.welcomes).toBe(1);
    });

    it("the current checkout's cancel still rolls back: the client is deleted, its session closed, the e-mail free to pay again", async () => {
      const email = "two-tabs-current@example.com";
      const { b, refA, refB } = await twoTabs(email, 19);
      expect((await rollback(email, b.cookie, refB)).json()).toEqual({ ok: true, deleted: true });
      expect((await state(email)).client).toBeUndefined();
      expect((await payWithCard(app, b.sessionId)).statusCode).toBe(410);
      // Repeated, or the replaced tab's afterwards: nothing left to do.
      expect((await rollback(email, b.cookie, refB)).json()).toEqual({ ok: true, deleted: false });
      expect((await rollback(email, b.cookie, refA)).json()).toEqual({ ok: true, deleted: false });
      const again = await openCheckout(app, signupClient(clock, { email }, 19), { cookie: b.cookie });
      expect((await payWithCard(app, again.sessionId)).statusCode).toBe(303);
      expect((await state(email)).client?.isActive).toBe(true);
    });

    it("the reference proves nothing: without the owner's cookie on the site's call, or for another e-mail, nothing changes", async () => {
      const email = "two-tabs-stranger@example.com";
      const { b, refB } = await twoTabs(email, 15);
      const stranger = await openCheckout(app, signupClient(clock, { email: "two-tabs-mallory@example.com" }, 15));
      for (const headers of [{}, fromSite(), fromSite(stranger.cookie), { cookie: b.cookie }, { ...fromSite(b.cookie), "sec-fetch-mode": "navigate" }]) {
        const answer = await app.inject({ url: `/api/client/delete_by_email/${email}?checkout=${refB}`, headers });
        expect(answer.json()).toEqual({ ok: true, deleted: false });
      }
      // The stranger's own reference, with the stranger's cookie, names no checkout of this e-mail either.
      expect((await rollback(email, stranger.cookie, cancelRefOf(stranger.cookie))).json()).toEqual({ ok: true, deleted: false });
      // A reference that is not this checkout's, with the owner's cookie: no-op too (an empty or a made-up one).
      for (const ref of ["", "x".repeat(32), refB.toUpperCase()]) expect((await rollback(email, b.cookie, ref)).json()).toEqual({ ok: true, deleted: false });
      expect(await openRows(email)).toEqual([b.sessionId]);
      expect((await app.inject({ url: `/api/client/delete_by_email/${email}?checkout=${"a".repeat(101)}`, headers: fromSite(b.cookie) })).statusCode).toBe(400);
      // The owner's old link without a reference (the spec's call) rolls back as it always did.
      expect((await rollback(email, b.cookie)).json()).toEqual({ ok: true, deleted: true });
    });

    it("a rollback whose checkout was replaced after the route's check closes and releases nothing of the newer one", async () => {
      const email = "two-tabs-race@example.com";
      const { a, b } = await twoTabs(email, 22);
      const clientId = (await state(email)).client!.id;
      const [rowA] = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, a.sessionId));
      // As when the route found A current and B's checkout committed before the rollback's transaction.
      expect(await deletePendingClient(db(), app.payments, operator(), email, rowA!.id)).toEqual({ deleted: false, expiredSessions: [] });
      expect((await state(email)).client?.id).toBe(clientId);
      expect(await openRows(email)).toEqual([b.sessionId]);
      expect((await app.inject(`/sandbox/checkout/${b.sessionId}`)).statusCode).toBe(200);
      // A newer checkout still without its provider session (the provider has not answered yet) is left alone too.
      const [rowB] = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, b.sessionId));
      const [pending] = await db()
        .insert(checkouts)
        .values({ ...rowB!, id: undefined, providerSessionId: null, url: null, ownerHash: null, createdAt: new Date() })
        .returning();
      await db().update(checkouts).set({ status: "expired" }).where(eq(checkouts.id, rowB!.id));
      expect(await deletePendingClient(db(), app.payments, operator(), email, rowB!.id)).toEqual({ deleted: false, expiredSessions: [] });
      expect((await state(email)).client?.id).toBe(clientId);
      const [still] = await db().select().from(checkouts).where(eq(checkouts.id, pending!.id));
      expect(still?.status).toBe("open");
    });
  });

  describe("the billing portal", () => {
    it("gives no portal to an unknown or pending client, even from the browser that opened the checkout", async () => {
      const { cookie } = await openCheckout(app, signupClient(clock, { email: "portal-pending@example.com" }));
      for (const email of ["portal-pending@example.com", "portal-nobody@example.com"]) {
        const response = await app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(cookie) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ sent: true });
      }
    });

    it("cancelling there makes the client inactive; they may then sign up again", async () => {
      const email = "portal@example.com";
      const { sessionId, cookie } = await openCheckout(app, signupClient(clock, { email }));
      await payWithCard(app, sessionId);
      const portalUrl = (await app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(cookie) })).json().portal_url as string;
      const path = new URL(portalUrl).pathname;
      const cancel = await app.inject({ method: "POST", url: `${path}/cancel` });
      expect(cancel.statusCode).toBe(303);
      expect(cancel.headers.location).toBe(`${path}?canceled=1`);
      expect((await state(email)).client).toMatchObject({ isActive: false, cancelledAt: expect.any(Date) });
      expect((await app.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: false });
      // The paying browser's cookie no longer opens a portal: there is no subscription behind it.
      expect((await app.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(cookie) })).json()).toEqual({ sent: true });
      expect((await app.inject({ url: `/api/client/set_active/${email}`, headers: fromSite(cookie) })).statusCode).toBe(409);
      // Cancelling twice changes nothing.
      expect((await app.inject({ method: "POST", url: `${path}/cancel` })).statusCode).toBe(303);
      const cancelled = (id: string) => ({ id, status: "canceled", customerId: null, clientId: null, collectionPaused: false, readAt: clock.now() });
      expect((await applySubscriptionState(db(), "sandbox", cancelled((await state(email)).client!.providerSubscriptionId!), clock.now())).outcome).toBe("unchanged");
      expect((await state(email)).client?.isActive).toBe(false);

      const resubscribe = await openCheckout(app, signupClient(clock, { email }, 8));
      await payWithCard(app, resubscribe.sessionId);
      const now = await state(email);
      expect(now.client?.isActive).toBe(true);
      expect(now.orders).toEqual([clock.day(3), clock.day(5), clock.day(8), clock.day(10)]);
      expect(now.welcomes).toBe(2);
      // The end of the old subscription never ends the new one.
      const old = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId));
      expect((await applySubscriptionState(db(), "sandbox", cancelled(old[0]!.subscriptionId!), clock.now())).outcome).toBe("recorded");
      expect((await state(email)).client?.isActive).toBe(true);
    });
  });
});
