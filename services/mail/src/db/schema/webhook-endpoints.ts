// Webhook endpoints a user registered. The signing secret is stored sealed (kit SecretBox).
import { sql } from 'drizzle-orm';
import { boolean, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';

export const webhookEndpoints = mail.table(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** First failure since the last success; an endpoint failing longer than the window is disabled. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.userId, table.createdAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
