CREATE TABLE "mail"."email_sources" (
	"email_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD COLUMN "tracking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail"."email_sources" ADD CONSTRAINT "email_sources_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "mail"."emails"("id") ON DELETE cascade ON UPDATE no action;