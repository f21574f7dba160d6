// A user's current plan, one row per user. Users without a row are on the free plan.
import { text, timestamp } from 'drizzle-orm/pg-core';
import { billingSchema } from '../pg-schema';

export const subscriptions = billingSchema.table('subscriptions', {
  userId: text('user_id').primaryKey(),
  plan: text('plan', { enum: ['free', 'pro', 'enterprise'] }).notNull(),
  status: text('status').notNull().default('active'),
  startDate: timestamp('start_date', { withTimezone: true }).notNull(),
  /** When a paid plan lapses unless paid again; null for free. */
  endDate: timestamp('end_date', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
