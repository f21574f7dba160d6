// Idempotency-Key replays: the first answer to a (user, key) is kept for 24 hours with a hash of its request body.
import { integer, jsonb, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';

export const idempotencyKeys = mail.table(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    emailId: uuid('email_id').notNull(),
    statusCode: integer('status_code').notNull().default(201),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
