// A client suspended by the subscription rule (unpaid, paused, collection paused: decision 020) still holds its
// subscription (decision 023): its e-mail starts no second sign-up, and its customer reaches the billing portal
// through a sign-in link, the welcome e-mail's link or the paying browser, to pay; Stripe's word then serves it again.
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { clients, devMailbox, emailOutbox, providerSubscriptions } from "#server/db/schema";
import type { ClientInput } from "#contract/client";
import type { FakeStripe } from "./fakes/stripe-api";
import { testDriver } from "./helpers/database";
import { startStripeApp, stripeSignupClient, type StripeTestApp } from "./helpers/stripe";
import { buildApiApp, checkoutBody, fromSite, openCheckout, payWithCard, signupClient } from "./helpers/api";

let stripe: StripeTestApp;
let fake: FakeStripe;
let app: FastifyInstance;
const db = () => app.database.db;

beforeAll(async () => {
  stripe = await startStripeApp();
  ({ fake, app } = stripe);
});
afterAll(async () => {
  await stripe?.close();
});
beforeEach(() => {
  fake.rejected.length = 0;
});
afterEach(() => {
  // A request the fake refused is a wrong request to Stripe, even when the app swallowed the error.
  expect(fake.rejected).toEqual([]);
});

/** A sign-up paid at Stripe and fulfilled through its completion webhook: its subscription id. */
async function served(email: string): Promise<string> {
  const paid = await stripe.paidThroughWebhook(email);
  expect(await client(email)).toMatchObject({ isActive: true });
  return paid.subscription!;
}

/** Stripe's subscription changes and an event about it is delivered: Stripe is asked, the rule applied. */
async function stripeSays(subscriptionId: string, changes: Parameters<FakeStripe["updateSubscription"]>[1], type = "customer.subscription.updated") {
  const copy = fake.updateSubscription(subscriptionId, changes);
  const object = type.startsWith("invoice.")
    ? { id: `in_test_${subscriptionId.slice(-8)}`, object: "invoice", parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } } }
    : copy;
  const response = await stripe.deliver(fake.event(type, object));
  expect(response.statusCode, response.body).toBe(200);
}

/** A served client whose subscription Stripe has marked unpaid (its retries ran out): the rule suspends it. */
async function suspended(email: string): Promise<string> {
  const subscription = await served(email);
  await stripeSays(subscription, { status: "unpaid" }, "invoice.payment_failed");
  expect(await client(email)).toMatchObject({ isActive: false });
  return subscription;
}

const client = async (email: string) => (await db().select().from(clients).where(eq(clients.email, email)))[0];
const emailExists = async (email: string) => (await app.inject(`/api/client/email_exists/${encodeURIComponent(email)}`)).json<{ exists: boolean }>().exists;
const checkoutCall = (email: string, overrides: Partial<ClientInput> = {}) =>
  app.inject({ method: "POST", url: "/api/payments/create-checkout-session_signup", payload: checkoutBody({ ...stripeSignupClient(email), ...overrides }) });
const signInsQueued = async (email: string) => (await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "sign-in")))).length;
const portalsAsked = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/billing_portal/sessions").length;

/** The token of the newest e-mailed link of a kind ("s": sign-in, "w": welcome), once the mail worker has sent it. */
async function linkToken(email: string, kind: "s" | "w") {
  await app.mail.worker.drain();
  const messages = await db().select().from(devMailbox).where(eq(devMailbox.to, email)).orderBy(desc(devMailbox.id));
  const message = messages.find((m) => m.text.includes(`token=${kind}.`));
  if (!message) throw new Error(`no ${kind} link was e-mailed to ${email}`);
  return new URL(/https?:\/\/\S+token=\S+/.exec(message.text)![0]).searchParams.get("token")!;
}

const portalByToken = async (token: string) => (await app.inject({ method: "POST", url: "/api/payments/portal-session", payload: { token } })).json<{ portal_url?: string; sent?: true }>();
const portalByAddress = async (email: string, headers: Record<string, string> = {}) =>
  (await app.inject({ url: `/api/payments/create-portal-session/${encodeURIComponent(email)}`, headers })).json<{ portal_url?: string; sent?: true }>();

describe(`the e-mail of a suspended client (${testDriver})`, () => {
  it("exists for the e-mail check while its subscription is unpaid, paused or its collection paused; not once it is cancelled", async () => {
    const unpaid = "suspended-unpaid@example.com";
    const unpaidSubscription = await suspended(unpaid);
    expect(await emailExists(unpaid)).toBe(true);
    expect(await emailExists(unpaid.toUpperCase())).toBe(true);

    const paused = "suspended-paused@example.com";
    await stripeSays(await served(paused), { status: "paused" }, "customer.subscription.paused");
    expect(await emailExists(paused)).toBe(true);

    const collection = "suspended-collection@example.com";
    await stripeSays(await served(collection), { pause_collection: { behavior: "void", resumes_at: null } });
    expect(await client(collection)).toMatchObject({ isActive: false });
    expect(await emailExists(collection)).toBe(true);

    // Stripe's dunning ends in cancellation: final, nothing can come back, the address is free to sign up again.
    await stripeSays(unpaidSubscription, { status: "canceled" }, "customer.subscription.deleted");
    expect(await emailExists(unpaid)).toBe(false);
    const again = await checkoutCall(unpaid);
    expect(again.statusCode, again.body).toBe(200);
  });

  it("is refused by every write that would start a sign-up, with 409 client_active, and nothing of the client changes", async () => {
    const email = "suspended-writes@example.com";
    await suspended(email);
    const before = await client(email);
    const sessions = fake.sessions.size;
    const refused = { error: expect.objectContaining({ code: "client_active" }) };

    // The checkout (the e-mail check said "new" a moment ago in another tab, or the page skipped it).
    const checkout = await checkoutCall(email, { name: "Someone" });
    expect(checkout.statusCode, checkout.body).toBe(409);
    expect(checkout.json()).toEqual(refused);
    expect(checkout.headers["set-cookie"]).toBeUndefined();
    // The sign-up calls of the browser that paid (its checkout cookie proves the sign-up is its own).
    const body = { ...stripeSignupClient(email), name: "Someone" };
    const register = await app.inject({ method: "POST", url: "/api/client/register/new", payload: body, headers: stripe.payingBrowser(email) });
    expect(register.statusCode, register.body).toBe(409);
    expect(register.json()).toEqual(refused);
    const update = await app.inject({ method: "PUT", url: "/api/client/update_by_email", payload: body, headers: stripe.payingBrowser(email) });
    expect(update.statusCode, update.body).toBe(409);
    expect(update.json()).toEqual(refused);
    const rollback = await app.inject({ url: `/api/client/delete_by_email/${email}`, headers: stripe.payingBrowser(email) });
    expect(rollback.statusCode, rollback.body).toBe(409);
    // Anyone else's register is answered as for any address, and changes nothing either.
    expect((await app.inject({ method: "POST", url: "/api/client/register/new", payload: body })).json()).toEqual({ ok: true });

    expect(fake.sessions.size).toBe(sessions);
    expect(await client(email)).toEqual(before);
    expect(await emailExists(email)).toBe(true);
  });

  it("an operator's deactivation or a client inactive for another reason is not suspended: its address may sign up again, as before", async () => {
    const email = "deactivated-by-hand@example.com";
    await served(email);
    await db().update(clients).set({ isActive: false }).where(eq(clients.email, email));
    expect(await emailExists(email)).toBe(false);
    const again = await checkoutCall(email);
    expect(again.statusCode, again.body).toBe(200);
  });
});

// The e-mail check and the write are apart, and the rule may suspend the client between them, or while the write
// waits for the client's row: the write must refuse all the same. PGlite runs one transaction at a time, so only
// PostgreSQL can interleave them.
if (testDriver === "postgres") {
  describe("a suspension committed while the sign-up's write waits for the client's row", () => {
    it("the checkout, which found the client active a moment before, is refused all the same", async () => {
      const email = "suspended-meanwhile@example.com";
      const subscription = await served(email);
      const { id } = (await client(email))!;
      // The rule's transaction, as settleService runs it: the client's row locked, the service ended, not committed yet.
      const rule = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await rule.connect();
      try {
        await rule.query("begin");
        await rule.query("select id from clients where id = $1 for update", [id]);
        await rule.query("update clients set is_active = false, cancelled_at = now() where id = $1", [id]);
        await rule.query("update provider_subscriptions set status = 'unpaid', service_ended_at = now() where subscription_id = $1", [subscription]);
        const checkout = checkoutCall(email);
        // Commit once the checkout's write is waiting for the row.
        const waiting = async () =>
          Number((await rule.query("select count(*)::int as n from pg_locks where not granted and pg_backend_pid() = any(pg_blocking_pids(pid))")).rows[0].n) > 0;
        while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 20));
        await rule.query("commit");
        const answer = await checkout;
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json()).toEqual({ error: expect.objectContaining({ code: "client_active" }) });
      } finally {
        await rule.end();
      }
      expect(await client(email)).toMatchObject({ isActive: false, providerSubscriptionId: subscription });
    });
  });
}

describe(`the billing portal of a suspended client (${testDriver})`, () => {
  it("a sign-in link is e-mailed on request and opens the portal; so do the welcome e-mail's link and the paying browser", async () => {
    const email = "suspended-portal@example.com";
    await suspended(email);
    const { providerCustomerId } = (await client(email))!;

    // The site's /login: one answer for everyone, and the customer gets a sign-in link.
    const links = await signInsQueued(email);
    expect(await portalByAddress(email)).toEqual({ sent: true });
    expect(await signInsQueued(email)).toBe(links + 1);
    const asked = portalsAsked();
    const bySignIn = await portalByToken(await linkToken(email, "s"));
    expect(new URL(bySignIn.portal_url!).origin).toBe("https://billing.stripe.com");
    expect(portalsAsked()).toBe(asked + 1);
    expect(fake.requests.at(-1)?.params).toMatchObject({ customer: providerCustomerId });

    const byWelcome = await portalByToken(await linkToken(email, "w"));
    expect(new URL(byWelcome.portal_url!).origin).toBe("https://billing.stripe.com");
    const byBrowser = await portalByAddress(email, stripe.payingBrowser(email));
    expect(new URL(byBrowser.portal_url!).origin).toBe("https://billing.stripe.com");
    expect(portalsAsked()).toBe(asked + 3);
  });

  it("still nothing for an address without a subscription: a stranger, a pending sign-up, a subscription cancelled for good", async () => {
    const pending = "pending-only@example.com";
    await stripe.checkout(pending);
    const cancelled = "cancelled-for-good@example.com";
    const subscription = await suspended(cancelled);
    const welcome = await linkToken(cancelled, "w");
    await stripeSays(subscription, { status: "canceled" }, "customer.subscription.deleted");
    const asked = portalsAsked();
    for (const email of ["nobody-here@example.com", pending, cancelled]) {
      expect(await portalByAddress(email)).toEqual({ sent: true });
      expect(await signInsQueued(email)).toBe(0);
    }
    expect(await portalByToken(welcome)).toEqual({ sent: true });
    expect(await portalByAddress(cancelled, stripe.payingBrowser(cancelled))).toEqual({ sent: true });
    expect(await signInsQueued(cancelled)).toBe(0);
    expect(portalsAsked()).toBe(asked);
  });

  it("end to end: unpaid, the sign-in link, the portal, the invoice paid at Stripe: served again, by the same subscription", async () => {
    const email = "pays-in-portal@example.com";
    const subscription = await suspended(email);
    expect(await portalByAddress(email)).toEqual({ sent: true });
    const portal = await portalByToken(await linkToken(email, "s"));
    expect(portal.portal_url).toMatch(/^https:\/\/billing\.stripe\.com\//);

    // In Stripe's portal the customer updates the card and pays the open invoice; Stripe reports it.
    await stripeSays(subscription, { status: "active" }, "invoice.paid");
    expect(await client(email)).toMatchObject({ isActive: true, providerSubscriptionId: subscription, cancelledAt: null });
    const [row] = await db().select().from(providerSubscriptions).where(eq(providerSubscriptions.subscriptionId, subscription));
    expect(row).toMatchObject({ status: "active", serviceEndedAt: null });
    expect(await emailExists(email)).toBe(true);
    // Served again: the portal opens as for any customer, and the address still starts no second sign-up.
    expect(new URL((await portalByAddress(email, stripe.payingBrowser(email))).portal_url!).origin).toBe("https://billing.stripe.com");
    expect((await checkoutCall(email)).statusCode).toBe(409);
    expect(await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "cancellation")))).toEqual([]);
  });
});

describe(`the sandbox provider (${testDriver})`, () => {
  // Built in a hook (its own time limit): a new app and database take seconds, more on a loaded machine.
  let built: Awaited<ReturnType<typeof buildApiApp>>;
  beforeAll(async () => {
    built = await buildApiApp();
  });
  afterAll(() => built.app.close());

  it("suspends nobody (its subscriptions are active until cancelled): cancelled in its portal, the address is free again", async () => {
    const { app: sandbox, clock } = built;
    const email = "sandbox-cancelled@example.com";
    const opened = await openCheckout(sandbox, signupClient(clock, { email }));
    expect((await payWithCard(sandbox, opened.sessionId)).statusCode).toBe(303);
    expect((await sandbox.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: true });
    const portalUrl = (await sandbox.inject({ url: `/api/payments/create-portal-session/${email}`, headers: fromSite(opened.cookie) })).json<{ portal_url: string }>().portal_url;
    expect((await sandbox.inject({ method: "POST", url: `${new URL(portalUrl).pathname}/cancel` })).statusCode).toBe(303);
    const [row] = await sandbox.database.db.select().from(providerSubscriptions);
    expect(row).toMatchObject({ status: "canceled" });
    expect((await sandbox.inject(`/api/client/email_exists/${email}`)).json()).toEqual({ exists: false });
    expect((await openCheckout(sandbox, signupClient(clock, { email }))).url).toMatch(/\/sandbox\/checkout\//);
  });
});
