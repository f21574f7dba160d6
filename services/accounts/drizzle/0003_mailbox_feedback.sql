ALTER TABLE "accounts"."email_accounts" ADD COLUMN "feedback_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "imap_host" text;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "imap_port" integer;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "imap_secure" boolean;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "imap_username" text;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "imap_password_sealed" text;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "feedback_generation" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "feedback_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "feedback_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "feedback_error" text;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "granted_scopes" text[];--> statement-breakpoint
CREATE INDEX "email_accounts_feedback_readers" ON "accounts"."email_accounts" USING btree ("id") WHERE "accounts"."email_accounts"."feedback_enabled";