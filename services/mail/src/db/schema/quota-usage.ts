// Emails accepted per user per calendar month (UTC). The check and the increment are one statement.
import { integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';

export const quotaUsage = mail.table(
  'quota_usage',
  {
    userId: uuid('user_id').notNull(),
    /** 'YYYY-MM' in UTC. */
    month: text('month').notNull(),
    used: integer('used').notNull().default(0),
    /** The plan's limit when last checked; -1 means unlimited. */
    emailLimit: integer('email_limit').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);
