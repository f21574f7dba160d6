CREATE TABLE "identity"."sign_in_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Attempts started before browser binding cannot be finished safely: they are dropped (they last 10 minutes).
DELETE FROM "identity"."oauth_states";--> statement-breakpoint
ALTER TABLE "identity"."oauth_states" ADD COLUMN "browser_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."sign_in_codes" ADD CONSTRAINT "sign_in_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_codes_expires_idx" ON "identity"."sign_in_codes" USING btree ("expires_at");