// A local HTTP fake of the part of Stripe's API this project uses, for the REAL stripe client (host, port,
// protocol "http"). It parses form-encoded bodies the way Stripe does (nested keys), refuses unknown
// parameters and the documented constraints that matter to our Checkout Sessions, so a wrong request fails
// the test instead of passing against a lenient mock. Tests mark sessions paid, move subscriptions through
// Stripe's statuses, take Stripe down, and build signed webhooks.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// ---------------------------------------------------------------------------------------------------------
// Parameters: Stripe's form encoding (a[b][0][c]=x) and a declarative list of accepted parameters.

type Params = { [key: string]: ParamValue };
type ParamValue = string | Params | ParamValue[];

/** Parses `application/x-www-form-urlencoded` (or a query string) into nested objects; numeric keys become arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new FakeStripeError(400, `Invalid parameter name: ${rawKey}`, rawKey);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Params = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (next === undefined) node[segment] = {};
      else if (typeof next === "string") throw new FakeStripeError(400, `Invalid hash: ${path.slice(0, i + 1).join(".")}`, rawKey);
      node = node[segment] as Params;
    });
  }
  return toArrays(root) as Params;
}

function toArrays(value: ParamValue): ParamValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, toArrays(value[k]!)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!);
  }
  return converted;
}

type Spec =
  | "string"
  | "integer"
  | "boolean"
  | "timestamp"
  | "metadata"
  | { enum: readonly string[] }
  | { object: Record<string, Spec> }
  | { array: Spec };

class FakeStripeError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly param?: string,
    public readonly type: string = "invalid_request_error",
    public readonly code?: string,
  ) {
    super(message);
  }
}

const paramName = (path: string[]) => path.map((p, i) => (i === 0 ? p : `[${p}]`)).join("");

/** Checks `value` against `spec`, converting scalars; throws Stripe's own messages on unknown or malformed ones. */
function check(value: ParamValue, spec: Spec, path: string[]): unknown {
  const name = paramName(path);
  if (spec === "metadata") {
    if (value === "") return {};
    if (typeof value !== "object" || Array.isArray(value)) throw new FakeStripeError(400, `Invalid hash`, name);
    const entries = Object.entries(value);
    if (entries.length > 50) throw new FakeStripeError(400, "Metadata can have at most 50 keys", name);
    for (const [k, v] of entries) {
      if (typeof v !== "string") throw new FakeStripeError(400, "Metadata values must be strings", paramName([...path, k]));
      if (k.length > 40) throw new FakeStripeError(400, "Metadata keys can be at most 40 characters", paramName([...path, k]));
      if (v.length > 500) throw new FakeStripeError(400, "Metadata values can be at most 500 characters", paramName([...path, k]));
    }
    return Object.fromEntries(entries);
  }
  if (typeof spec === "string") {
    if (typeof value !== "string") throw new FakeStripeError(400, `Invalid ${spec}: expected a scalar`, name);
    switch (spec) {
      case "string":
        return value;
      case "boolean":
        if (value !== "true" && value !== "false") throw new FakeStripeError(400, `Invalid boolean: ${value}`, name);
        return value === "true";
      case "integer":
      case "timestamp":
        if (!/^-?\d+$/.test(value)) throw new FakeStripeError(400, `Invalid integer: ${value}`, name);
        return Number(value);
    }
  }
  if ("enum" in spec) {
    if (typeof value !== "string" || !spec.enum.includes(value)) {
      throw new FakeStripeError(400, `Invalid ${name}: must be one of ${spec.enum.join(", ")}`, name);
    }
    return value;
  }
  if ("array" in spec) {
    if (!Array.isArray(value)) throw new FakeStripeError(400, `Invalid array`, name);
    return value.map((item, i) => check(item, spec.array, [...path, String(i)]));
  }
  if (typeof value !== "object" || Array.isArray(value)) throw new FakeStripeError(400, `Invalid object`, name);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const child = spec.object[key];
    if (!child) throw new FakeStripeError(400, `Received unknown parameter: ${paramName([...path, key])}`, paramName([...path, key]));
    out[key] = check(item, child, [...path, key]);
  }
  return out;
}

function checkTop(params: Params, spec: Record<string, Spec>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    const child = spec[key];
    if (!child) throw new FakeStripeError(400, `Received unknown parameter: ${key}`, key);
    out[key] = check(value, child, [key]);
  }
  return out;
}

// Real parameter names of Stripe's API (a subset: what a sign-up checkout could reasonably send).
const locales = [
  "auto", "bg", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fi", "fil", "fr", "fr-CA", "hr", "hu",
  "id", "it", "ja", "ko", "lt", "lv", "ms", "mt", "nb", "nl", "pl", "pt", "pt-BR", "ro", "ru", "sk", "sl", "sv",
  "th", "tr", "vi", "zh", "zh-HK", "zh-TW",
] as const;
const expand: Spec = { array: "string" };
const checkoutCreateSpec: Record<string, Spec> = {
  mode: { enum: ["payment", "setup", "subscription"] },
  line_items: {
    array: {
      object: {
        price: "string",
        price_data: {
          object: {
            currency: "string",
            product: "string",
            product_data: {
              object: { name: "string", description: "string", images: { array: "string" }, metadata: "metadata", tax_code: "string", unit_label: "string" },
            },
            recurring: { object: { interval: { enum: ["day", "week", "month", "year"] }, interval_count: "integer" } },
            tax_behavior: { enum: ["exclusive", "inclusive", "unspecified"] },
            unit_amount: "integer",
            unit_amount_decimal: "string",
          },
        },
        quantity: "integer",
        tax_rates: { array: "string" },
        metadata: "metadata",
      },
    },
  },
  customer: "string",
  customer_email: "string",
  client_reference_id: "string",
  metadata: "metadata",
  locale: { enum: locales },
  success_url: "string",
  cancel_url: "string",
  expires_at: "timestamp",
  automatic_tax: { object: { enabled: "boolean" } },
  billing_address_collection: { enum: ["auto", "required"] },
  allow_promotion_codes: "boolean",
  payment_method_types: { array: "string" },
  allowed_payment_method_types: { array: "string" },
  payment_method_collection: { enum: ["always", "if_required"] },
  phone_number_collection: { object: { enabled: "boolean" } },
  subscription_data: {
    object: {
      billing_cycle_anchor: "timestamp",
      default_tax_rates: { array: "string" },
      description: "string",
      metadata: "metadata",
      proration_behavior: { enum: ["create_prorations", "none"] },
      trial_end: "timestamp",
      trial_period_days: "integer",
    },
  },
  expand,
};
const portalCreateSpec: Record<string, Spec> = {
  customer: "string",
  return_url: "string",
  locale: { enum: locales },
  configuration: "string",
  expand,
};

// ---------------------------------------------------------------------------------------------------------
// The objects.

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  locale: string | null;
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: boolean; status: null };
  subscription: string | null;
  livemode: false;
}

export type FakeSubscriptionStatus = "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";

export type FakeCancellationReason = "cancellation_requested" | "payment_failed" | "payment_disputed" | "canceled_by_retention_policy";

export interface FakeSubscription {
  id: string;
  object: "subscription";
  status: FakeSubscriptionStatus;
  customer: string;
  metadata: Record<string, string>;
  /** Set while collection is paused (the status stays as it was). */
  pause_collection: { behavior: "keep_as_draft" | "mark_uncollectible" | "void"; resumes_at: number | null } | null;
  /** When it is set to end (seconds): cancelled for later, at a date or at the period's end (which sets both). */
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  /** When it was cancelled (seconds), once it is. */
  canceled_at: number | null;
  /** Why it was cancelled: all null until it is; Stripe's dunning ends in payment_failed, a portal or API cancel in cancellation_requested. */
  cancellation_details: { comment: string | null; feedback: string | null; reason: FakeCancellationReason | null };
  trial_end: number | null;
  billing_cycle_anchor: number;
  created: number;
  livemode: false;
}

export type FakeDisputeStatus = "warning_needs_response" | "warning_under_review" | "warning_closed" | "needs_response" | "under_review" | "won" | "lost";

/** A dispute (chargeback) of a charge; its charge is kept by id and expanded on request, with its customer. */
export interface FakeDispute {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  charge: string;
  reason: string;
  status: FakeDisputeStatus;
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  created: number;
  livemode: false;
}

interface LineItemParams {
  price_data: { currency: string; unit_amount: number; product_data: { name: string }; recurring?: { interval: string; interval_count?: number }; tax_behavior?: string };
  quantity: number;
}

/** What the client sent for a session, as Stripe understood it (for the tests' assertions). */
export interface CheckoutCreateParams {
  mode: string;
  line_items: LineItemParams[];
  customer_email?: string;
  allowed_payment_method_types?: string[];
  client_reference_id?: string;
  metadata?: Record<string, string>;
  locale?: string;
  success_url?: string;
  cancel_url?: string;
  expires_at?: number;
  automatic_tax?: { enabled: boolean };
  subscription_data?: {
    trial_end?: number;
    billing_cycle_anchor?: number;
    proration_behavior?: string;
    trial_period_days?: number;
    metadata?: Record<string, string>;
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey?: string;
  status: number;
  error?: string;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const intervalSeconds: Record<string, number> = { day: 86_400, week: 7 * 86_400, month: 28 * 86_400, year: 365 * 86_400 };

export interface FakeStripeOptions {
  secretKey?: string;
  /** The fake's clock (ms); Stripe's own checks use its clock, not ours. */
  now?: () => number;
}

export interface FakeStripe {
  /** STRIPE_API_URL for the app, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly secretKey: string;
  readonly requests: RecordedRequest[];
  /** Every request the fake refused (4xx). A test that expects none asserts this is empty. */
  readonly rejected: RecordedRequest[];
  readonly sessions: Map<string, FakeSession>;
  readonly subscriptions: Map<string, FakeSubscription>;
  /** The parameters each session was created with. */
  paramsOf(sessionId: string): CheckoutCreateParams;
  /** The customer pays: a customer and a subscription appear and the session completes. */
  completeSession(sessionId: string): FakeSession;
  /**
   * The subscription is cancelled: by the customer (in the portal: cancellation_requested, the default) or by Stripe
   * (its retries of a failed renewal ran out: payment_failed; a dispute: payment_disputed; its clean-up of test-mode
   * data: canceled_by_retention_policy). Answers a copy.
   */
  cancelSubscription(subscriptionId: string, reason?: FakeCancellationReason): FakeSubscription;
  /**
   * The subscription changes at Stripe (a failed renewal, a pause, a payment, a cancellation for later or its undoing):
   * answers a copy, as an event would carry.
   */
  updateSubscription(subscriptionId: string, changes: Partial<Pick<FakeSubscription, "status" | "pause_collection" | "cancel_at" | "cancel_at_period_end">>): FakeSubscription;
  readonly disputes: Map<string, FakeDispute>;
  /** A customer's bank disputes a charge of `customer` (default: 2499 usd, fraudulent, evidence due in 7 days); answers a copy. */
  createDispute(customer: string | null, details?: Partial<Pick<FakeDispute, "amount" | "currency" | "reason" | "status" | "evidence_details">>): FakeDispute;
  /** The dispute changes at Stripe (closed won or lost, answered): answers a copy, as an event would carry. */
  updateDispute(disputeId: string, changes: Partial<Pick<FakeDispute, "amount" | "currency" | "reason" | "status" | "evidence_details">>): FakeDispute;
  /** From now on every request is answered 503 (Stripe down; marked not worth retrying, so a test waits for no backoff), until outage(false). */
  outage(down: boolean): void;
  /** From now on every request is read and recorded but never answered (Stripe stalled), until stall(false). */
  stall(stalled: boolean): void;
  /** A Stripe event as its webhook would deliver it. */
  event(type: string, object: object): { id: string; object: "event"; type: string; data: { object: object } };
  close(): Promise<void>;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(8).toString("hex")}`;
  const nowMs = options.now ?? (() => Date.now());
  const nowSeconds = () => Math.floor(nowMs() / 1000);
  const requests: RecordedRequest[] = [];
  const rejected: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const sessionParams = new Map<string, CheckoutCreateParams>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Set<string>();
  const disputes = new Map<string, FakeDispute>();
  const charges = new Map<string, { id: string; object: "charge"; amount: number; currency: string; customer: string | null; livemode: false }>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let stalled = false;
  let down = false;

  function createCheckoutSession(raw: Params): FakeSession {
    const p = checkTop(raw, checkoutCreateSpec) as unknown as CheckoutCreateParams & { customer?: string; expand?: string[] };
    if (!p.mode) throw new FakeStripeError(400, "Missing required param: mode.", "mode");
    if (!p.success_url) throw new FakeStripeError(400, "Missing required param: success_url.", "success_url");
    for (const key of ["success_url", "cancel_url"] as const) {
      const value = p[key];
      if (value === undefined) continue;
      try {
        const url = new URL(value);
        if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error();
      } catch {
        throw new FakeStripeError(400, "Not a valid URL", key);
      }
    }
    if (p.customer && p.customer_email) {
      throw new FakeStripeError(400, "You may only specify one of these parameters: customer, customer_email.", "customer_email");
    }
    if (p.customer_email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(p.customer_email)) {
      throw new FakeStripeError(400, "Invalid email address: " + p.customer_email, "customer_email");
    }
    if (p.client_reference_id !== undefined && (p.client_reference_id.length === 0 || p.client_reference_id.length > 200)) {
      throw new FakeStripeError(400, "client_reference_id must be 1 to 200 characters", "client_reference_id");
    }
    const now = nowSeconds();
    if (p.expires_at !== undefined) {
      if (p.expires_at < now + 30 * 60) {
        throw new FakeStripeError(400, "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
      }
      if (p.expires_at > now + 24 * 3600) {
        throw new FakeStripeError(400, "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
      }
    }
    const items = p.line_items ?? [];
    if (p.mode !== "setup" && items.length === 0) throw new FakeStripeError(400, "Missing required param: line_items.", "line_items");
    const intervals = new Set<string>();
    let nextNaturalBilling = Infinity;
    let dueNow = 0;
    items.forEach((item, i) => {
      const at = (k: string) => `line_items[${i}][${k}]`;
      const priceData = item.price_data as LineItemParams["price_data"] | undefined;
      const hasPrice = (item as { price?: string }).price !== undefined;
      if (hasPrice === !!priceData) throw new FakeStripeError(400, "You must specify either `price` or `price_data`.", at("price"));
      if (item.quantity === undefined) throw new FakeStripeError(400, "Missing required param: quantity.", at("quantity"));
      if (item.quantity < 1) throw new FakeStripeError(400, "Quantity must be at least 1.", at("quantity"));
      if (!priceData) throw new FakeStripeError(400, "This fake only knows price_data line items.", at("price"));
      if (!priceData.currency) throw new FakeStripeError(400, "Missing required param: currency.", `${at("price_data")}[currency]`);
      const productData = priceData.product_data as { name?: string } | undefined;
      const hasProduct = (priceData as { product?: string }).product !== undefined;
      if (hasProduct === !!productData) throw new FakeStripeError(400, "You must specify either `product` or `product_data`.", `${at("price_data")}[product]`);
      if (productData && !productData.name) throw new FakeStripeError(400, "Missing required param: name.", `${at("price_data")}[product_data][name]`);
      const amount = priceData.unit_amount;
      if (amount === undefined && (priceData as { unit_amount_decimal?: string }).unit_amount_decimal === undefined) {
        throw new FakeStripeError(400, "Missing required param: unit_amount.", `${at("price_data")}[unit_amount]`);
      }
      if (amount !== undefined && amount < 0) throw new FakeStripeError(400, "unit_amount must be non-negative", `${at("price_data")}[unit_amount]`);
      const recurring = priceData.recurring;
      if (recurring) {
        if (!recurring.interval) throw new FakeStripeError(400, "Missing required param: interval.", `${at("price_data")}[recurring][interval]`);
        const count = recurring.interval_count ?? 1;
        const maxCount = { day: 1095, week: 156, month: 36, year: 3 }[recurring.interval] ?? 1;
        if (count < 1 || count > maxCount) {
          throw new FakeStripeError(400, "Invalid interval_count", `${at("price_data")}[recurring][interval_count]`);
        }
        if (p.mode !== "subscription") {
          throw new FakeStripeError(400, "You specified `payment` mode but passed a recurring price.", `${at("price_data")}[recurring]`);
        }
        intervals.add(`${recurring.interval}/${count}`);
        nextNaturalBilling = Math.min(nextNaturalBilling, now + intervalSeconds[recurring.interval]! * count);
      }
      dueNow += (amount ?? 0) * item.quantity;
    });
    if (p.mode === "subscription" && intervals.size === 0) {
      throw new FakeStripeError(400, "You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
    }
    if (intervals.size > 1) throw new FakeStripeError(400, "All recurring prices must have the same interval.", "line_items");
    const sub = p.subscription_data;
    if (sub) {
      if (p.mode !== "subscription") throw new FakeStripeError(400, "subscription_data can only be used in subscription mode.", "subscription_data");
      if (sub.trial_end !== undefined && sub.trial_period_days !== undefined) {
        throw new FakeStripeError(400, "You may only specify one of these parameters: trial_end, trial_period_days.", "subscription_data[trial_end]");
      }
      if (sub.trial_end !== undefined && sub.trial_end < now + 48 * 3600) {
        throw new FakeStripeError(400, "The `trial_end` date has to be at least 2 days in the future.", "subscription_data[trial_end]");
      }
      if (sub.trial_period_days !== undefined && sub.trial_period_days < 1) {
        throw new FakeStripeError(400, "trial_period_days has to be at least 1.", "subscription_data[trial_period_days]");
      }
      if (sub.billing_cycle_anchor !== undefined) {
        if (sub.trial_end !== undefined || sub.trial_period_days !== undefined) {
          throw new FakeStripeError(400, "billing_cycle_anchor cannot be combined with a trial.", "subscription_data[billing_cycle_anchor]");
        }
        if (sub.billing_cycle_anchor <= now) {
          throw new FakeStripeError(400, "billing_cycle_anchor must be a future timestamp.", "subscription_data[billing_cycle_anchor]");
        }
        if (sub.billing_cycle_anchor >= nextNaturalBilling) {
          throw new FakeStripeError(400, "billing_cycle_anchor must be before the next natural billing date of the subscription.", "subscription_data[billing_cycle_anchor]");
        }
      }
      if (sub.proration_behavior !== undefined && sub.billing_cycle_anchor === undefined) {
        throw new FakeStripeError(400, "proration_behavior can only be set together with billing_cycle_anchor.", "subscription_data[proration_behavior]");
      }
    }
    const recurringNow =
      sub?.trial_end !== undefined || sub?.trial_period_days !== undefined || sub?.proration_behavior === "none"
        ? 0
        : items.filter((i) => i.price_data.recurring).reduce((sum, i) => sum + i.price_data.unit_amount * i.quantity, 0);
    const oneTime = dueNow - items.filter((i) => i.price_data.recurring).reduce((sum, i) => sum + i.price_data.unit_amount * i.quantity, 0);
    const session: FakeSession = {
      id: id("cs"),
      object: "checkout.session",
      mode: p.mode,
      status: "open",
      payment_status: "unpaid",
      url: null,
      customer: p.customer ?? null,
      customer_email: p.customer_email ?? null,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      locale: p.locale ?? null,
      success_url: p.success_url ?? null,
      cancel_url: p.cancel_url ?? null,
      created: now,
      expires_at: p.expires_at ?? now + 24 * 3600,
      currency: items[0]?.price_data.currency ?? "usd",
      amount_subtotal: oneTime + recurringNow,
      amount_total: oneTime + recurringNow,
      automatic_tax: { enabled: p.automatic_tax?.enabled ?? false, status: null },
      subscription: null,
      livemode: false,
    };
    session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
    sessions.set(session.id, session);
    sessionParams.set(session.id, p);
    return session;
  }

  function sessionView(session: FakeSession, expandList: string[]): unknown {
    // An open session past its expires_at is expired, as on Stripe.
    if (session.status === "open" && session.expires_at <= nowSeconds()) {
      session.status = "expired";
      session.url = null;
    }
    if (expandList.includes("subscription") && session.subscription) {
      return { ...session, subscription: subscriptions.get(session.subscription) ?? session.subscription };
    }
    return { ...session };
  }

  function handle(method: string, path: string, params: Params): unknown {
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const expandList = (checkTop({ ...(params.expand ? { expand: params.expand } : {}) }, { expand }) as { expand?: string[] }).expand ?? [];
    if (method === "POST" && path === "/v1/checkout/sessions") return sessionView(createCheckoutSession(params), expandList);
    if (sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) throw new FakeStripeError(404, `No such checkout.session: '${sessionMatch[1]}'`, "session", "invalid_request_error", "resource_missing");
      if (method === "GET" && !sessionMatch[2]) {
        checkTop(params, { expand });
        return sessionView(session, expandList);
      }
      if (method === "POST" && sessionMatch[2]) {
        checkTop(params, { expand });
        sessionView(session, []);
        if (session.status !== "open") {
          throw new FakeStripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`);
        }
        session.status = "expired";
        session.url = null;
        return sessionView(session, expandList);
      }
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "GET" && subscriptionMatch) {
      checkTop(params, { expand });
      const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
      if (!subscription) throw new FakeStripeError(404, `No such subscription: '${subscriptionMatch[1]}'`, "id", "invalid_request_error", "resource_missing");
      return { ...subscription };
    }
    const disputeMatch = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === "GET" && disputeMatch) {
      checkTop(params, { expand });
      const dispute = disputes.get(decodeURIComponent(disputeMatch[1]!));
      if (!dispute) throw new FakeStripeError(404, `No such dispute: '${disputeMatch[1]}'`, "dispute", "invalid_request_error", "resource_missing");
      if (expandList.includes("charge")) return { ...dispute, charge: { ...charges.get(dispute.charge)! } };
      return { ...dispute, evidence_details: { ...dispute.evidence_details } };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const p = checkTop(params, portalCreateSpec) as { customer?: string; return_url?: string; locale?: string };
      if (!p.customer) throw new FakeStripeError(400, "Missing required param: customer.", "customer");
      if (!customers.has(p.customer)) {
        throw new FakeStripeError(400, `No such customer: '${p.customer}'`, "customer", "invalid_request_error", "resource_missing");
      }
      if (p.return_url !== undefined) {
        try {
          new URL(p.return_url);
        } catch {
          throw new FakeStripeError(400, "Not a valid URL", "return_url");
        }
      }
      const portalId = id("bps");
      return {
        id: portalId,
        object: "billing_portal.session",
        customer: p.customer,
        locale: p.locale ?? null,
        return_url: p.return_url ?? null,
        url: `https://billing.stripe.com/p/session/${portalId}`,
        created: nowSeconds(),
        livemode: false,
      };
    }
    throw new FakeStripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const body = Buffer.concat(chunks).toString("utf8");
    const record: RecordedRequest = { method, path: url.pathname, params: {}, status: 200, ...(idempotencyKey ? { idempotencyKey } : {}) };
    requests.push(record);
    if (stalled) return; // no answer: the client's timeout ends it (or close() does)
    const send = (status: number, payload: unknown) => {
      record.status = status;
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(payload));
    };
    try {
      if (down) {
        res.setHeader("stripe-should-retry", "false");
        throw new FakeStripeError(503, "Stripe is unavailable.", undefined, "api_error");
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        throw new FakeStripeError(401, "Invalid API Key provided.");
      }
      record.params = parseStripeForm(method === "GET" ? url.search.slice(1) : body);
      const fingerprint = `${method} ${url.pathname} ${body}`;
      const earlier = idempotencyKey && method === "POST" ? idempotent.get(idempotencyKey) : undefined;
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new FakeStripeError(400, "Keys for idempotent requests can only be used with the same parameters they were first used with.", undefined, "idempotency_error");
        }
        res.setHeader("idempotent-replayed", "true");
        return send(earlier.status, earlier.body);
      }
      const result = handle(method, url.pathname, record.params);
      if (idempotencyKey && method === "POST") idempotent.set(idempotencyKey, { fingerprint, status: 200, body: result });
      send(200, result);
    } catch (error) {
      const e = error instanceof FakeStripeError ? error : new FakeStripeError(500, String(error), undefined, "api_error");
      record.error = e.message;
      rejected.push(record);
      send(e.status, { error: { type: e.type, message: e.message, ...(e.param ? { param: e.param } : {}), ...(e.code ? { code: e.code } : {}) } });
    }
  }

  const server: Server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    rejected,
    sessions,
    subscriptions,
    paramsOf(sessionId) {
      const params = sessionParams.get(sessionId);
      if (!params) throw new Error(`The fake knows no session ${sessionId}`);
      return params;
    },
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`The fake knows no session ${sessionId}`);
      if (session.status !== "open") throw new Error(`Session ${sessionId} is ${session.status}, it cannot be paid`);
      const params = sessionParams.get(sessionId)!;
      const customer = session.customer ?? id("cus");
      customers.add(customer);
      const trialEnd = params.subscription_data?.trial_end ?? null;
      const subscription: FakeSubscription = {
        id: id("sub"),
        object: "subscription",
        status: trialEnd ? "trialing" : "active",
        customer,
        metadata: params.subscription_data?.metadata ?? {},
        pause_collection: null,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        trial_end: trialEnd,
        billing_cycle_anchor: trialEnd ?? params.subscription_data?.billing_cycle_anchor ?? nowSeconds(),
        created: nowSeconds(),
        livemode: false,
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: "complete", payment_status: "paid", customer, subscription: subscription.id, url: null });
      return { ...session };
    },
    cancelSubscription(subscriptionId, reason = "cancellation_requested") {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`The fake knows no subscription ${subscriptionId}`);
      if (subscription.status !== "canceled") {
        Object.assign(subscription, { status: "canceled", canceled_at: nowSeconds(), cancellation_details: { comment: null, feedback: null, reason } });
      }
      return { ...subscription, cancellation_details: { ...subscription.cancellation_details } };
    },
    updateSubscription(subscriptionId, changes) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`The fake knows no subscription ${subscriptionId}`);
      Object.assign(subscription, changes);
      return { ...subscription };
    },
    disputes,
    createDispute(customer, details = {}) {
      const amount = details.amount ?? 2499;
      const currency = details.currency ?? "usd";
      const charge = { id: id("ch"), object: "charge" as const, amount, currency, customer, livemode: false as const };
      charges.set(charge.id, charge);
      const dispute: FakeDispute = {
        id: id("du"),
        object: "dispute",
        amount,
        currency,
        charge: charge.id,
        reason: details.reason ?? "fraudulent",
        status: details.status ?? "needs_response",
        evidence_details: details.evidence_details ?? { due_by: nowSeconds() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        created: nowSeconds(),
        livemode: false,
      };
      disputes.set(dispute.id, dispute);
      return { ...dispute, evidence_details: { ...dispute.evidence_details } };
    },
    updateDispute(disputeId, changes) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`The fake knows no dispute ${disputeId}`);
      Object.assign(dispute, changes);
      return { ...dispute, evidence_details: { ...dispute.evidence_details } };
    },
    stall(value) {
      stalled = value;
    },
    outage(value) {
      down = value;
    },
    event(type, object) {
      return { id: id("evt"), object: "event", api_version: Stripe.API_VERSION, created: nowSeconds(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } } as ReturnType<FakeStripe["event"]>;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // a stalled request's too
      }),
  };
}

/** The Stripe-Signature header Stripe would send for `payload` (a JSON string) signed with `secret`. */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
}
