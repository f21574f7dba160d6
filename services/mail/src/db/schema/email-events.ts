// Every open and click seen for an email (the email row keeps only the first of each).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';
// email_id names a row of mail.emails: no foreign key (emails is partitioned); triggers do its work (0008).
// Partitioned by month of occurred_at (0009): the primary key holds the partition key, and the source index cannot be
// unique (a unique index must hold occurred_at too, which a message read twice may not repeat); insertMailboxEvent
// keeps a message to one event instead.

/** Opens and clicks come from tracking; the rest from the sender's mailbox and the unsubscribe endpoint (issue 21). */
export type EmailEventType = 'open' | 'click' | 'bounce' | 'delay' | 'complaint' | 'reply' | 'unsubscribe';

export const emailEvents = mail.table(
  'email_events',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    emailId: uuid('email_id').notNull(),
    userId: uuid('user_id').notNull(),
    type: text('type').$type<EmailEventType>().notNull(),
    linkIndex: integer('link_index'),
    url: text('url'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Mailbox events: the provider's id of the message they were read from, so a message read twice counts once. */
    sourceId: text('source_id'),
    /** Mailbox events: the bounce's code, diagnostic and recipient, or the reply's from and subject. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ name: 'email_events_pkey', columns: [table.id, table.occurredAt] }),
    index('email_events_email_idx').on(table.emailId),
    index('email_events_user_idx').on(table.userId, table.occurredAt),
    index('email_events_source_idx').on(table.emailId, table.type, table.sourceId).where(sql`${table.sourceId} is not null`),
  ],
);
