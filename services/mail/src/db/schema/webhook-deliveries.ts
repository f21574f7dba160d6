// One event for one endpoint; every attempt to POST it is kept in attempt_log.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';
import { webhookEndpoints } from './webhook-endpoints';

export interface StoredAttempt {
  attempt: number;
  at: string;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  succeeded: boolean;
}

export const webhookDeliveries = mail.table(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    emailId: uuid('email_id'),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'retrying' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    attemptLog: jsonb('attempt_log').$type<StoredAttempt[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt.desc())],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
