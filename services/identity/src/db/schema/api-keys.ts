// API keys for the public send API: only a sha256 of the key is stored, plus a prefix and last 4 for display.
import { sql } from 'drizzle-orm';
import { boolean, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';
import { users } from './users';

export const apiKeys = identity.table(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    // Keys made before scopes existed keep full access.
    scopes: text('scopes').array().notNull().default(sql`ARRAY['send', 'read']::text[]`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_keys_user_idx').on(table.userId, table.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
