// The suppression list (issue 21): per user, the addresses no email is delivered to.
import type { SuppressionReason } from '@mailwright/contracts';
import { index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';

export const suppressions = mail.table(
  'suppressions',
  {
    userId: uuid('user_id').notNull(),
    /** Lower-cased, so one address is listed once whatever its case. */
    email: text('email').notNull(),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    /** The email whose bounce, complaint or unsubscribe listed the address (no foreign key: the log may be pruned). */
    emailId: uuid('email_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.email] }),
    index('suppressions_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

export type SuppressionRow = typeof suppressions.$inferSelect;
