// Binds a social sign-in attempt to the browser that started it: a random nonce in an HttpOnly, SameSite=Lax
// cookie scoped to the callback path, its hash beside the attempt. Without it, an attacker could start a sign-in
// with their own provider account and send the provider's link to a victim, who would end up signed in as the
// attacker (login CSRF) and type their data into the attacker's account.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ProviderName } from './provider';

export const bindingCookieName = (provider: ProviderName) => `mw_signin_${provider}`;
const cookiePath = (provider: ProviderName) => `/api/auth/${provider}/callback`;

export function newBrowserBinding(): { nonce: string; hash: string } {
  const nonce = randomBytes(24).toString('base64url');
  return { nonce, hash: hashNonce(nonce) };
}

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

export function matchesBinding(nonce: string | undefined, expectedHash: string): boolean {
  if (!nonce) return false;
  const actual = Buffer.from(hashNonce(nonce));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Lives as long as the attempt's state; Secure whenever the public address is https. */
export function bindingCookie(provider: ProviderName, nonce: string, publicUrl: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${bindingCookieName(provider)}=${nonce}; Path=${cookiePath(provider)}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearBindingCookie(provider: ProviderName): string {
  return `${bindingCookieName(provider)}=; Path=${cookiePath(provider)}; Max-Age=0; HttpOnly; SameSite=Lax`;
}

/** One cookie's value from a Cookie header (split on ';' and the first '=': linear, no regex). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
