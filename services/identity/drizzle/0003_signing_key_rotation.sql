ALTER TABLE "identity"."signing_keys" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."signing_keys" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- Keys from before rotation: each signed from its creation until the next one was created (the newest signs).
UPDATE "identity"."signing_keys" SET "activated_at" = "created_at";--> statement-breakpoint
UPDATE "identity"."signing_keys" AS "key" SET "superseded_at" = (
  SELECT min("newer"."created_at") FROM "identity"."signing_keys" AS "newer" WHERE "newer"."created_at" > "key"."created_at"
);
