// The database schema: one definition for PGlite and PostgreSQL, one table group per file in tables/.
// After a change: npm run db:generate -- --name <what-changed> adds the next migration (never regenerate the old ones: databases already ran them).
export * from "./tables/app-info";
export * from "./tables/outbox";
export * from "./tables/payment-events";
export * from "./tables/provider-subscriptions";
export * from "./tables/clients";
export * from "./tables/checkouts";
export * from "./tables/orders";
export * from "./tables/contact-messages";
export * from "./tables/newsletter";
export * from "./tables/sandbox";
export * from "./tables/sign-in-links";
export * from "./tables/waitlist";
