// Links between a user and an account at a social sign-in provider (google, github, microsoft).
import { sql } from 'drizzle-orm';
import { index, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';
import { users } from './users';

export const oauthIdentities = identity.table(
  'oauth_identities',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('oauth_identities_provider_user_unique').on(table.provider, table.providerUserId),
    index('oauth_identities_user_idx').on(table.userId),
  ],
);
