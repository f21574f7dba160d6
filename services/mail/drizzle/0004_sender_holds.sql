ALTER TABLE "mail"."emails" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "sender_pool_id" text;--> statement-breakpoint
CREATE INDEX "emails_account_sent_idx" ON "mail"."emails" USING btree ("email_account_id","sent_at") WHERE "mail"."emails"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "emails_account_held_idx" ON "mail"."emails" USING btree ("email_account_id") WHERE "mail"."emails"."hold_reason" is not null;