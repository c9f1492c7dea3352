// Server configuration, parsed once at start-up; a bad value stops the process naming the variable.
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Folder of the built site (default dist/). */
  SITE_ROOT: z.string().min(1).optional(),
  DATABASE_URL: z.url().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  /** Stripe Tax on the Checkout Session (automatic_tax); off unless set, since it needs Stripe Tax set up. */
  STRIPE_AUTOMATIC_TAX: bool,
  SMTP_URL: z.url().optional(),
  /**
   * Lets a production server run with the sandbox payment provider, a test-mode Stripe key, STRIPE_API_URL or the
   * development mailbox (a staging or demo site). Without it, production refuses to start without a live Stripe
   * key, with another Stripe address, or without SMTP: it would take sign-ups without charging, send the secret
   * key elsewhere, or e-mail no one.
   */
  ALLOW_TEST_MODE: bool,
  MAIL_FROM: z.string().min(3).default("FreshFold Laundry <hello@freshfold.example>"),
  CONTACT_INBOX: z.email().default("team@freshfold.example"),
  /** How often the mail worker looks for due messages; 0 turns the background loop off (tests drain by hand). */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** First retry delay of a failed send; doubles per attempt up to an hour. */
  MAIL_RETRY_BASE_MS: positiveInt(30_000),
  /** How long a claimed message stays claimed unless renewed while sending: a crash delays a message by about this. */
  MAIL_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often every checkout awaiting payment is checked with the provider (and once at start); 0 turns it off. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Subscriptions each reconcile pass asks the provider about (repairs a missed subscription webhook); 0: none. */
  SUBSCRIPTION_SYNC_BATCH: z.coerce.number().int().min(0).default(20),
  /** Each served client's subscription is asked about again once this many hours have passed since the last time. */
  SUBSCRIPTION_SYNC_HOURS: positiveInt(24),
  REDIS_URL: z.url().optional(),
  /**
   * Which forwarded client address to believe (Fastify's trustProxy): unset/0/false none; a number N trusts the
   * N proxies nearest the server (1 behind one load balancer: a client cannot forge its address); "true" trusts
   * every hop; otherwise comma-separated proxy addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
      const value = (v ?? "").trim();
      if (value === "" || value === "false" || value === "0") return false;
      if (value === "true") return true;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        return (_address, hop) => hop < hops;
      }
      return value;
    }),
  /** Read by the server only to widen the Content-Security-Policy for Google Maps when the site uses it. */
  VITE_GOOGLE_MAPS_API_KEY: z.string().optional(),
  PICKUP_DAILY_CAPACITY: positiveInt(40),
  PICKUP_CLOSED_WEEKDAYS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const days = v.split(",").map((d) => d.trim()).filter(Boolean).map(Number);
      if (days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) {
        ctx.addIssue({ code: "custom", message: "comma-separated weekdays 0 (Sunday) to 6 (Saturday)" });
      }
      return days;
    }),
  PICKUP_BLACKOUT_DATES: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const dates = v.split(",").map((d) => d.trim()).filter(Boolean);
      if (dates.some((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d))) {
        ctx.addIssue({ code: "custom", message: "comma-separated dates yyyy-mm-dd" });
      }
      return dates;
    }),
  RATE_LIMIT_EMAIL_EXISTS: positiveInt(30),
  RATE_LIMIT_SERVICE_AREA: positiveInt(60),
  RATE_LIMIT_SIGNUPDAY: positiveInt(60),
  RATE_LIMIT_CONTACT_FORM: positiveInt(5),
  RATE_LIMIT_NEWSLETTER: positiveInt(5),
  RATE_LIMIT_CHECKOUT: positiveInt(10),
  /** One shared limit a minute for every call keyed by an e-mail, counted per client address and per e-mail. */
  RATE_LIMIT_EMAIL_CALLS: positiveInt(30),
  /** Open (unpaid, unexpired) checkouts one client address may hold at once: each holds two pickup days. */
  CHECKOUT_OPEN_PER_ADDRESS: positiveInt(3),
  /**
   * Sign-in links e-mailed to one customer in 24 hours at the requests of one client address; all addresses together
   * get SIGN_IN_LINK_CEILING_ADDRESSES (server/auth/portal-access.ts) times this (decision 010, amended 2026-11-27).
   */
  SIGN_IN_LINKS_PER_DAY: positiveInt(3),
  /**
   * Signs the welcome e-mail's portal tokens and seals sign-in links in the outbox (at least 32 characters).
   * Required in production; elsewhere a random one is generated once and kept in the database.
   */
  SERVER_SECRET: z.string().min(32, "at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const config = parsed.data;
  if (!!config.STRIPE_SECRET_KEY !== !!config.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(["STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both or neither"]);
  }
  if (config.NODE_ENV === "production" && !config.SERVER_SECRET) {
    throw new ConfigError(["SERVER_SECRET: required in production (at least 32 random characters, e.g. openssl rand -base64 48)"]);
  }
  if (config.NODE_ENV === "production" && !config.ALLOW_TEST_MODE) {
    const problems = [];
    if (!config.STRIPE_SECRET_KEY) {
      problems.push("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production, or the sandbox takes sign-ups without charging a card");
    }
    if (!config.SMTP_URL) problems.push("SMTP_URL: required in production, or no customer gets an e-mail (sign-in links, welcome e-mails)");
    // A test-mode key (secret or restricted) charges no card either: the sandbox's harm with Stripe's pages.
    if (config.STRIPE_SECRET_KEY && /^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY)) {
      problems.push("STRIPE_SECRET_KEY: a test-mode key (sk_test_/rk_test_) in production charges no card; use the live key (sk_live_/rk_live_)");
    }
    // It sends the secret key and every payment call to another host (the tests' fake of Stripe's API).
    if (config.STRIPE_API_URL) problems.push("STRIPE_API_URL: not allowed in production, it sends the Stripe secret key and every payment call to another host");
    if (problems.length > 0) throw new ConfigError([...problems, "ALLOW_TEST_MODE=1 runs production like this anyway (a staging or demo site)"]);
  }
  return config;
}

/** The site's own origin: PUBLIC_URL, else localhost on the configured port. */
export function publicOrigin(config: Config): string {
  return new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
}
