// Binds an OAuth attempt to the browser that started it: a random nonce in an HttpOnly cookie, its hash in the state.
// Without this, someone could start a connect for their own account and send the provider link to a victim,
// whose mailbox would then be connected to the sender's account.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OAuthEmailProvider } from '@mailwright/contracts';

export const bindingCookieName = (provider: OAuthEmailProvider) => `mw_oauth_${provider}`;

export function newBrowserBinding(): { nonce: string; hash: string } {
  const nonce = randomBytes(24).toString('base64url');
  return { nonce, hash: hashNonce(nonce) };
}

export const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

export function matchesBinding(nonce: string | undefined, expectedHash: string): boolean {
  if (!nonce) return false;
  const actual = Buffer.from(hashNonce(nonce));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The cookie is scoped to the public callback path and lives as long as the state (10 minutes). */
export function bindingCookie(provider: OAuthEmailProvider, nonce: string, publicUrl: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${bindingCookieName(provider)}=${nonce}; Path=/api/email-accounts/${provider}/callback; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearBindingCookie(provider: OAuthEmailProvider): string {
  return `${bindingCookieName(provider)}=; Path=/api/email-accounts/${provider}/callback; Max-Age=0; HttpOnly; SameSite=Lax`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
