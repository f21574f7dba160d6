-- Issue 25: mail.emails becomes a table partitioned by RANGE (created_at), one partition a month (emails_YYYY_MM, UTC
-- months) plus emails_default, so that vacuum and index maintenance work on one month at a time and the retention
-- job (src/retention/) purges a month with a DROP TABLE instead of a huge DELETE.
--
-- The design, and why:
-- * Primary key (id, created_at): Postgres requires the partition key in every unique constraint of a partitioned
--   table. id stays unique in practice (the API makes it: random v4 before this change, uuid v7 from it on).
-- * Lookups by id: an id-only lookup probes every partition's index. Measured on 36 monthly partitions holding
--   720,000 rows (loaded 2-core machine, rough): the worker's 100-id claim took 2-9x as long as on one table
--   (10.6 -> 22.7 ms; pgbench 2.6 -> 22.9 ms), not negligible. So new ids are uuid v7 (first 48 bits: the millisecond
--   they were made), and the statements reading a batch by id (the worker's claim and result, tracking, webhook
--   events, the mailbox reader) bound created_at with mail.emails_created_from/until(ids): for v7 ids the ids'
--   time +-1 day, which prunes to one partition (two on a month's first or last day; the claim: 8.0 ms); for v4 ids
--   (rows made before this change) -infinity and infinity, so they are still found, with no pruning. A single-id
--   lookup gained nothing measurable from the bound (PostgreSQL 15 locks every partition of a generic plan before
--   pruning), so those still read by id alone. The trigger emails_id_time_guard makes the bound a fact of every
--   inserted row: an insert more than a day from its v7 id's time (a clock a day wrong) fails instead of storing a
--   row a bounded lookup could miss.
-- * Children (email_events, email_attachments, email_sources, tracking_counters): their foreign keys to emails.id
--   are replaced by triggers that do what the foreign keys did. A foreign key to a partitioned table must name
--   (id, created_at), so it would have needed created_at copied into four tables; and it would forbid moving rows
--   out of emails_default (the delete cascades) and make every DETACH scan the child tables. The triggers: an
--   insert into a child locks its email FOR KEY SHARE (as the foreign key's check did) and fails with
--   foreign_key_violation when there is none; a delete of an email deletes its children (ON DELETE CASCADE),
--   except when the row only moves between partitions (an UPDATE of created_at, which Postgres runs as a delete and
--   an insert; or the maintenance job, under SET LOCAL mail.partition_moving = 'on').
--   The retention job deletes a dropped month's children itself (src/retention/email-partitions.ts).
-- * The conversion, in the migration's one transaction: new partitioned table, a partition for every month that
--   holds rows and for this month and the next two, emails_default, copy every row, drop the old table, rename,
--   indexes (built once, after the copy). It rewrites the table: on a large installation, run it in a quiet hour.
ALTER TABLE "mail"."email_events" DROP CONSTRAINT "email_events_email_id_emails_id_fk";--> statement-breakpoint
ALTER TABLE "mail"."email_attachments" DROP CONSTRAINT "email_attachments_email_id_emails_id_fk";--> statement-breakpoint
ALTER TABLE "mail"."email_sources" DROP CONSTRAINT "email_sources_email_id_emails_id_fk";--> statement-breakpoint
ALTER TABLE "mail"."tracking_counters" DROP CONSTRAINT "tracking_counters_email_id_emails_id_fk";--> statement-breakpoint
LOCK TABLE "mail"."emails" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
-- The millisecond a uuid v7 was made (its first 48 bits), or null for any other version.
CREATE FUNCTION "mail"."email_id_ms"(id uuid) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN get_byte(uuid_send(id), 6) >> 4 = 7 THEN ('x' || encode(substr(uuid_send(id), 1, 6), 'hex'))::bit(48)::bigint END;--> statement-breakpoint
-- The earliest and latest created_at a row with this id can have: its v7 time -+1 day; a v4 id: unbounded.
CREATE FUNCTION "mail"."email_created_from"(id uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_timestamp(coalesce("mail"."email_id_ms"(id) / 1000.0 - 86400, '-infinity'::float8));--> statement-breakpoint
CREATE FUNCTION "mail"."email_created_until"(id uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_timestamp(coalesce("mail"."email_id_ms"(id) / 1000.0 + 86400, 'infinity'::float8));--> statement-breakpoint
-- The same for a batch of ids (an empty one: an empty range).
CREATE FUNCTION "mail"."emails_created_from"(ids uuid[]) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT coalesce(min("mail"."email_created_from"(i)), to_timestamp('infinity'::float8)) FROM unnest(ids) AS i);--> statement-breakpoint
CREATE FUNCTION "mail"."emails_created_until"(ids uuid[]) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT coalesce(max("mail"."email_created_until"(i)), to_timestamp('-infinity'::float8)) FROM unnest(ids) AS i);--> statement-breakpoint
CREATE TABLE "mail"."emails_partitioned" (LIKE "mail"."emails" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
DO $$
DECLARE
  month timestamp;
BEGIN
  FOR month IN
    SELECT date_trunc('month', created_at AT TIME ZONE 'UTC') FROM "mail"."emails"
    UNION
    SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => ahead) FROM generate_series(0, 2) AS ahead
  LOOP
    EXECUTE format(
      'CREATE TABLE "mail".%I PARTITION OF "mail"."emails_partitioned" FOR VALUES FROM (%L) TO (%L)',
      'emails_' || to_char(month, 'YYYY_MM'),
      to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00'
    );
  END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE "mail"."emails_default" PARTITION OF "mail"."emails_partitioned" DEFAULT;--> statement-breakpoint
INSERT INTO "mail"."emails_partitioned" SELECT * FROM "mail"."emails";--> statement-breakpoint
DROP TABLE "mail"."emails";--> statement-breakpoint
ALTER TABLE "mail"."emails_partitioned" RENAME TO "emails";--> statement-breakpoint
ALTER TABLE "mail"."emails" ADD CONSTRAINT "emails_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
-- An email inserted more than a day away from its v7 id's time (the API's and the database's clocks a day apart)
-- fails, instead of storing a row the bounded lookups could miss. It compares the database's clock, not created_at:
-- an UPDATE moving created_at to another month moves the row to another partition (a delete and an insert to
-- Postgres), which a test may still do to a fresh row; the same move of a row more than a day old is refused.
CREATE FUNCTION "mail"."emails_id_time_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF now() < "mail"."email_created_from"(NEW.id) OR now() >= "mail"."email_created_until"(NEW.id) THEN
    RAISE EXCEPTION 'email % was made at % by a clock more than a day from the database''s (%)',
      NEW.id, to_timestamp("mail"."email_id_ms"(NEW.id) / 1000.0), now() USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "emails_id_time_guard" BEFORE INSERT ON "mail"."emails" FOR EACH ROW EXECUTE FUNCTION "mail"."emails_id_time_guard"();--> statement-breakpoint
CREATE INDEX "emails_user_created_idx" ON "mail"."emails" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_pending_idx" ON "mail"."emails" USING btree ("created_at","id") WHERE "status" in ('queued', 'scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "emails_account_sent_idx" ON "mail"."emails" USING btree ("email_account_id","sent_at") WHERE "status" = 'sent';--> statement-breakpoint
CREATE INDEX "emails_account_held_idx" ON "mail"."emails" USING btree ("email_account_id") WHERE "hold_reason" is not null;--> statement-breakpoint
-- What the children's foreign keys did: an insert needs its email (locked FOR KEY SHARE until the insert commits).
CREATE FUNCTION "mail"."email_child_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "mail"."emails" WHERE id = NEW.email_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key: email % is not in mail.emails', TG_TABLE_NAME, NEW.email_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- ... and a deleted email takes its children with it, unless the maintenance job is only moving it to another partition.
CREATE FUNCTION "mail"."email_children_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mail.partition_moving', true) = 'on' THEN
    RETURN OLD;
  END IF;
  -- An UPDATE of created_at that moves the row to another partition deletes and reinserts it: the email remains.
  IF EXISTS (SELECT 1 FROM "mail"."emails" WHERE id = OLD.id) THEN
    RETURN OLD;
  END IF;
  DELETE FROM "mail"."email_events" WHERE email_id = OLD.id;
  DELETE FROM "mail"."email_attachments" WHERE email_id = OLD.id;
  DELETE FROM "mail"."email_sources" WHERE email_id = OLD.id;
  DELETE FROM "mail"."tracking_counters" WHERE email_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "emails_children_cascade" AFTER DELETE ON "mail"."emails" FOR EACH ROW EXECUTE FUNCTION "mail"."email_children_cascade"();--> statement-breakpoint
CREATE TRIGGER "email_events_email_check" BEFORE INSERT OR UPDATE OF "email_id" ON "mail"."email_events" FOR EACH ROW EXECUTE FUNCTION "mail"."email_child_check"();--> statement-breakpoint
CREATE TRIGGER "email_attachments_email_check" BEFORE INSERT OR UPDATE OF "email_id" ON "mail"."email_attachments" FOR EACH ROW EXECUTE FUNCTION "mail"."email_child_check"();--> statement-breakpoint
CREATE TRIGGER "email_sources_email_check" BEFORE INSERT OR UPDATE OF "email_id" ON "mail"."email_sources" FOR EACH ROW EXECUTE FUNCTION "mail"."email_child_check"();--> statement-breakpoint
CREATE TRIGGER "tracking_counters_email_check" BEFORE INSERT OR UPDATE OF "email_id" ON "mail"."tracking_counters" FOR EACH ROW EXECUTE FUNCTION "mail"."email_child_check"();
