CREATE TABLE "mail"."mailbox_cursors" (
	"account_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"generation" text NOT NULL,
	"cursor" jsonb NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail"."suppressions" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "mail"."email_events" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "mail"."email_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "suppressed" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "unsubscribe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "bounce" jsonb;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "reply" jsonb;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "suppressions_user_created_idx" ON "mail"."suppressions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "email_events_source_idx" ON "mail"."email_events" USING btree ("email_id","type","source_id") WHERE "mail"."email_events"."source_id" is not null;