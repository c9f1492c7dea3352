ALTER TABLE "contact_messages" ADD COLUMN "submission_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_submission_id" ON "contact_messages" USING btree ("submission_id");