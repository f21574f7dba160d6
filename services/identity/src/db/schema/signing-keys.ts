// ES256 key pairs for user session tokens. The private JWK is sealed with ENCRYPTION_KEY (kit SecretBox).
import { boolean, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';

export const signingKeys = identity.table('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwkSealed: text('private_jwk_sealed').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
