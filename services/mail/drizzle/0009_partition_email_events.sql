-- Issue 25, second part: mail.email_events (every open, click and mailbox event; it grows with tracking) becomes a
-- table partitioned by RANGE (occurred_at), one partition a month (email_events_YYYY_MM, UTC months) plus
-- email_events_default, the same layout as mail.emails (0008), so the retention job drops an expired month of events
-- with a DROP TABLE (src/retention/email-partitions.ts).
--
-- * Primary key (id, occurred_at): Postgres requires the partition key in every unique constraint of a partitioned
--   table. id (gen_random_uuid()) stays unique in practice.
-- * email_events_source_idx is no longer unique: a unique index would have to hold occurred_at, and a mailbox message
--   read twice may carry a different occurred_at (a message without a date is dated when read). insertMailboxEvent
--   (src/db/queries/mailbox-findings.ts) keeps one event per message under a transaction-scoped advisory lock instead.
-- * No statement reads events by occurred_at, so reads by email_id (the timeline, the children delete) probe every
--   partition's email_id index: a few more index probes on a path that reads one email's events.
-- * The children check trigger (email_events_email_check, 0008) is recreated on the new table; emails'
--   email_children_cascade deletes events by email_id and so works on the partitioned table as it is.
-- * The conversion, in the migration's one transaction: new partitioned table, a partition for every month that
--   holds events and for this month and the next two, email_events_default, copy every row, drop the old table,
--   rename, primary key and indexes (built once, after the copy). It rewrites the table: on a large installation,
--   run it in a quiet hour.
LOCK TABLE "mail"."email_events" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "mail"."email_events_partitioned" (LIKE "mail"."email_events" INCLUDING DEFAULTS) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
DO $$
DECLARE
  month timestamp;
BEGIN
  FOR month IN
    SELECT date_trunc('month', occurred_at AT TIME ZONE 'UTC') FROM "mail"."email_events"
    UNION
    SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => ahead) FROM generate_series(0, 2) AS ahead
  LOOP
    EXECUTE format(
      'CREATE TABLE "mail".%I PARTITION OF "mail"."email_events_partitioned" FOR VALUES FROM (%L) TO (%L)',
      'email_events_' || to_char(month, 'YYYY_MM'),
      to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00'
    );
  END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE "mail"."email_events_default" PARTITION OF "mail"."email_events_partitioned" DEFAULT;--> statement-breakpoint
INSERT INTO "mail"."email_events_partitioned" SELECT * FROM "mail"."email_events";--> statement-breakpoint
DROP TABLE "mail"."email_events";--> statement-breakpoint
ALTER TABLE "mail"."email_events_partitioned" RENAME TO "email_events";--> statement-breakpoint
ALTER TABLE "mail"."email_events" ADD CONSTRAINT "email_events_pkey" PRIMARY KEY ("id", "occurred_at");--> statement-breakpoint
CREATE INDEX "email_events_email_idx" ON "mail"."email_events" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "email_events_user_idx" ON "mail"."email_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "email_events_source_idx" ON "mail"."email_events" USING btree ("email_id","type","source_id") WHERE "source_id" is not null;--> statement-breakpoint
CREATE TRIGGER "email_events_email_check" BEFORE INSERT OR UPDATE OF "email_id" ON "mail"."email_events" FOR EACH ROW EXECUTE FUNCTION "mail"."email_child_check"();
