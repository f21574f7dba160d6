// Pending social sign-in attempts: the state's jti (consumed once) and the PKCE verifier kept server-side.
import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';

export const oauthStates = identity.table(
  'oauth_states',
  {
    jti: text('jti').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);
