ALTER TABLE "mail"."emails" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "reply_to" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;