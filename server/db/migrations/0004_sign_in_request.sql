ALTER TABLE "sign_in_links" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_links_request_idx" ON "sign_in_links" USING btree ("client_id","request_id");