// How many opens of an email, and clicks of each of its links, have been recorded, and when the last one was:
// the cap that keeps a replayed pixel or link from adding an event row and a webhook per hit
// (tracking/record-tracking-job.ts: the first, then at most one a minute and 100 in all, per email and per link).
import { integer, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';
// email_id names a row of mail.emails: no foreign key (emails is partitioned); triggers do its work (0008).

/** `link_index` of the open pixel's counter (a primary key column cannot be null). */
export const OPEN_COUNTER_INDEX = -1;

export const trackingCounters = mail.table(
  'tracking_counters',
  {
    emailId: uuid('email_id').notNull(),
    /** The clicked link's index in `emails.links`, or OPEN_COUNTER_INDEX for opens. */
    linkIndex: integer('link_index').notNull(),
    recorded: integer('recorded').notNull(),
    /** The database's clock, not the hit's: one clock for every worker process. */
    lastRecordedAt: timestamp('last_recorded_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.emailId, table.linkIndex] })],
);
