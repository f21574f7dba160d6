CREATE TABLE "mail"."email_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"link_index" integer,
	"url" text,
	"ip" text,
	"user_agent" text,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail"."emails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email_account_id" text NOT NULL,
	"template_id" text,
	"api_key_id" text,
	"from_email" text NOT NULL,
	"from_name" text,
	"to" text[] NOT NULL,
	"cc" text[] DEFAULT '{}' NOT NULL,
	"bcc" text[] DEFAULT '{}' NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"is_html" boolean DEFAULT false NOT NULL,
	"links" text[] DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"message_id" text NOT NULL,
	"timezone" text,
	"scheduled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"quota_month" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"claimed_at" timestamp with time zone,
	"opened" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"clicked" boolean DEFAULT false NOT NULL,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail"."idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"email_id" uuid NOT NULL,
	"status_code" integer DEFAULT 201 NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "mail"."quota_usage" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"email_limit" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_usage_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "mail"."email_events" ADD CONSTRAINT "email_events_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "mail"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_events_email_idx" ON "mail"."email_events" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "email_events_user_idx" ON "mail"."email_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "emails_user_created_idx" ON "mail"."emails" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_pending_idx" ON "mail"."emails" USING btree ("created_at","id") WHERE "mail"."emails"."status" in ('queued', 'scheduled', 'sending');