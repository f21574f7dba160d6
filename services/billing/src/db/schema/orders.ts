// One Razorpay checkout attempt: created with the order, paid once its signature or webhook arrives.
import { index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { billingSchema } from '../pg-schema';

export const orders = billingSchema.table(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    plan: text('plan', { enum: ['free', 'pro', 'enterprise'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['created', 'paid', 'failed'] })
      .notNull()
      .default('created'),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    razorpayPaymentId: text('razorpay_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_razorpay_order_idx').on(table.razorpayOrderId),
    uniqueIndex('orders_razorpay_payment_idx').on(table.razorpayPaymentId),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
