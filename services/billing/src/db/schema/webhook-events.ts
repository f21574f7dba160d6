// Razorpay retries webhooks for 24 h: each event id is recorded so it is processed once.
import { text, timestamp } from 'drizzle-orm/pg-core';
import { billingSchema } from '../pg-schema';

export const webhookEvents = billingSchema.table('webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  /** What processing did: activated, failed-order, ignored, ... */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
