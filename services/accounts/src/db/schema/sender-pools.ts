// Sender pools (issue 20): a user's accounts, in order, that the mail engine picks from at delivery time.
// account_ids holds ids of the user's email_accounts; deleting an account removes it here in the same transaction.
import { sql } from 'drizzle-orm';
import { text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../pg-schema';

export const senderPools = accounts.table(
  'sender_pools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    strategy: text('strategy', { enum: ['failover', 'spread'] })
      .notNull()
      .default('failover'),
    /** In the pool's order: failover tries them first to last. */
    accountIds: uuid('account_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Also serves the per-user list and count.
    uniqueIndex('sender_pools_user_name').on(table.userId, sql`lower(${table.name})`),
  ],
);

export type SenderPoolRow = typeof senderPools.$inferSelect;
