CREATE TABLE "sign_in_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "submitted_client" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "owner_hash" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_links_client_idx" ON "sign_in_links" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_address_idx" ON "checkouts" USING btree ("address_key","status");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_owner_hash_unique" UNIQUE("owner_hash");