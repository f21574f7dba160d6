ALTER TABLE "accounts"."email_accounts" ADD COLUMN "limit_per_minute" integer;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "limit_per_day" integer;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "limit_recipients_per_day" integer;