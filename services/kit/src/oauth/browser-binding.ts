// Binds an OAuth attempt to the browser that started it: a random nonce in an HttpOnly cookie, its hash in
// the attempt. Without it, someone could start an attempt with their own provider account (or for their own
// Mailwright account) and send the provider's link to a victim: the victim would be signed in as the sender
// (login CSRF), or the victim's mailbox would be connected to the sender's account.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface BrowserBinding {
  /** Goes into the browser's cookie. */
  nonce: string;
  /** Kept beside the attempt (in the signed state). */
  hash: string;
}

export function newBrowserBinding(): BrowserBinding {
  const nonce = randomBytes(24).toString('base64url');
  return { nonce, hash: hashNonce(nonce) };
}

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

/** Whether the cookie's nonce is the one whose hash the attempt carries (constant time). */
export function matchesBinding(nonce: string | undefined, expectedHash: string): boolean {
  if (!nonce) return false;
  const actual = Buffer.from(hashNonce(nonce));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
