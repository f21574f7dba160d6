// ES256 key pairs for user session tokens. The private JWK is sealed with ENCRYPTION_KEY (kit SecretBox).
// A key's life (rotation, see operations/signing-key-rotation.ts): published as the next key (in the JWKS, not
// signing), activated (signing), superseded by a newer key (still published so its tokens verify), retired
// (`is_active` false: out of the JWKS) once every token it signed has expired.
import { boolean, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { identity } from '../pg-schema';

export const signingKeys = identity.table('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwkSealed: text('private_jwk_sealed').notNull(),
  /** Published in the JWKS. */
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When it started signing; null = the next key, published before it signs. */
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  /** When a newer key took over signing; its tokens still verify until they expire. */
  supersededAt: timestamp('superseded_at', { withTimezone: true }),
});

export type SigningKeyRow = typeof signingKeys.$inferSelect;
