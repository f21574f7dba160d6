// Every plan change (payment, webhook, downgrade, cancel, expiry), for support and audits.
import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { billingSchema } from '../pg-schema';

export const subscriptionHistory = billingSchema.table(
  'subscription_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    fromPlan: text('from_plan', { enum: ['free', 'pro', 'enterprise'] }).notNull(),
    toPlan: text('to_plan', { enum: ['free', 'pro', 'enterprise'] }).notNull(),
    /** `operator`: set by `npm run admin -- plans set`. */
    reason: text('reason', { enum: ['payment', 'webhook', 'downgrade', 'cancel', 'expired', 'operator'] }).notNull(),
    orderId: uuid('order_id'),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscription_history_user_idx').on(table.userId, table.createdAt)],
);

export type SubscriptionChangeReason = (typeof subscriptionHistory.$inferInsert)['reason'];
