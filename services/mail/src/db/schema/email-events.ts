// Every open and click seen for an email (the email row keeps only the first of each).
import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';
import { emails } from './emails';

export type EmailEventType = 'open' | 'click';

export const emailEvents = mail.table(
  'email_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    type: text('type').$type<EmailEventType>().notNull(),
    linkIndex: integer('link_index'),
    url: text('url'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('email_events_email_idx').on(table.emailId),
    index('email_events_user_idx').on(table.userId, table.occurredAt),
  ],
);
