// People who can sign in. Email is stored lower-cased; password_hash is null for OAuth-only accounts.
import { sql } from 'drizzle-orm';
import { boolean, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';

export const users = identity.table('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  name: text('name').notNull(),
  avatar: text('avatar'),
  isVerified: boolean('is_verified').notNull().default(false),
  /** Carried in every session token as `sv`; bumping it ends every session signed with a lower one. */
  sessionVersion: integer('session_version').notNull().default(0),
  /** Set by an operator (`npm run admin -- users disable`): the user cannot sign in and their API keys are refused. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
