// One-time codes that end social sign-in: the web app trades one for a session token (POST /auth/exchange)
// instead of receiving the token in the URL. Only the sha256 is kept; a code works once and for 60 seconds.
import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';
import { users } from './users';

export const signInCodes = identity.table(
  'sign_in_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_codes_expires_idx').on(table.expiresAt)],
);
