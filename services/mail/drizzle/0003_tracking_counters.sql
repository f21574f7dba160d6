CREATE TABLE "mail"."tracking_counters" (
	"email_id" uuid NOT NULL,
	"link_index" integer NOT NULL,
	"recorded" integer NOT NULL,
	"last_recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracking_counters_email_id_link_index_pk" PRIMARY KEY("email_id","link_index")
);
--> statement-breakpoint
ALTER TABLE "mail"."tracking_counters" ADD CONSTRAINT "tracking_counters_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "mail"."emails"("id") ON DELETE cascade ON UPDATE no action;