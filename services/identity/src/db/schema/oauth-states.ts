// Pending social sign-in attempts: the state's jti (consumed once), the PKCE verifier kept server-side and the
// hash of the browser binding cookie (the callback must come from the browser that started the attempt).
import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';

export const oauthStates = identity.table(
  'oauth_states',
  {
    jti: text('jti').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier'),
    /** sha256 of the nonce in the HttpOnly cookie of the browser that started the attempt. */
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);
