// Random tokens for mailed links: the user gets the token, the database keeps only its sha256.
import { createHash, randomBytes } from 'node:crypto';

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

/** 32 random bytes, base64url (43 characters): safe in a URL path. */
export function generateSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
