CREATE TABLE "provider_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text,
	"client_id" integer,
	"status" text,
	"collection_paused" boolean DEFAULT false NOT NULL,
	"observed_at" timestamp with time zone,
	"service_ended_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "provider_subscriptions_checked_idx" ON "provider_subscriptions" USING btree ("provider","checked_at");--> statement-breakpoint
-- Backfill (hand-written): every client served today gets its subscription's row, status unknown until the
-- reconciler's first pass asks the provider; its provider is that of the paid checkout that started it.
INSERT INTO "provider_subscriptions" ("subscription_id", "provider", "customer_id", "client_id")
SELECT DISTINCT ON (c."provider_subscription_id") c."provider_subscription_id", k."provider", c."provider_customer_id", c."id"
FROM "clients" c
JOIN "checkouts" k ON k."client_id" = c."id" AND k."subscription_id" = c."provider_subscription_id"
WHERE c."is_active" AND c."provider_subscription_id" IS NOT NULL
ORDER BY c."provider_subscription_id", k."id"
ON CONFLICT DO NOTHING;
