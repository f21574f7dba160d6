// The shape of an API key: `mw_live_` + 32 base62 characters. Stored as sha256 + a visible prefix and last 4.
import { randomInt } from 'node:crypto';
import { hashSecret } from './secret-tokens';

export const API_KEY_PREFIX = 'mw_live_';
const BODY_LENGTH = 32;
const VISIBLE_PREFIX_LENGTH = 12;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${BODY_LENGTH}}$`);

export interface StoredKeyParts {
  keyHash: string;
  prefix: string;
  last4: string;
}

export function generateApiKey(): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return API_KEY_PREFIX + body;
}

export function looksLikeApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function storedPartsOf(key: string): StoredKeyParts {
  return { keyHash: hashSecret(key), prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), last4: key.slice(-4) };
}

/** What lists show: `mw_live_AbCd…wxyz`. */
export function maskApiKey(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}
