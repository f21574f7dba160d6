// The first leg of every OAuth flow: a browser binding, a signed state that carries its hash, and the
// binding cookie the redirect to the provider sets.
import { newBrowserBinding } from './browser-binding';
import { type ScopedCookie, setScopedCookie } from './scoped-cookie';
import type { OAuthStateClaims, OAuthStates } from './state';

export interface StartedAttempt {
  state: string;
  /** The binding's hash, for a service that also records the attempt server-side. */
  binding: string;
  /** The Set-Cookie header holding the binding nonce. */
  setCookie: string;
}

export async function startAttempt(
  states: OAuthStates,
  attempt: Omit<OAuthStateClaims, 'binding'> & { cookie: ScopedCookie; publicUrl: string },
): Promise<StartedAttempt> {
  const { cookie, publicUrl, ...claims } = attempt;
  const binding = newBrowserBinding();
  return {
    state: await states.sign({ ...claims, binding: binding.hash }),
    binding: binding.hash,
    setCookie: setScopedCookie(cookie, binding.nonce, publicUrl, states.ttlSeconds),
  };
}
