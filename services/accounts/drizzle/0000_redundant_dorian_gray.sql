CREATE TABLE "accounts"."connect_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."email_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_secure" boolean,
	"smtp_username" text,
	"secret_sealed" text NOT NULL,
	"secret_key_id" text NOT NULL,
	"access_token_sealed" text,
	"access_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "connect_tickets_expires_at" ON "accounts"."connect_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_accounts_one_default_per_user" ON "accounts"."email_accounts" USING btree ("user_id") WHERE "accounts"."email_accounts"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "email_accounts_user_provider_email" ON "accounts"."email_accounts" USING btree ("user_id","provider",lower("email"));--> statement-breakpoint
CREATE INDEX "email_accounts_user_created" ON "accounts"."email_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_accounts_secret_key_id" ON "accounts"."email_accounts" USING btree ("secret_key_id");