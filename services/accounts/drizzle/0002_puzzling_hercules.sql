CREATE TABLE "accounts"."sender_pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"strategy" text DEFAULT 'failover' NOT NULL,
	"account_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "health_state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "health_reason" text;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "health_detail" text;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "health_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts"."email_accounts" ADD COLUMN "health_resumes_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sender_pools_user_name" ON "accounts"."sender_pools" USING btree ("user_id",lower("name"));