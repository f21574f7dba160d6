// What both legs of social sign-in share: the provider by name, the binding cookie, the callback URLs and
// the redirect they answer with. The flow ends at the web app's /auth/callback with ?code=… (a one-time
// sign-in code) or ?error=invalid_state|oauth_failed|oauth_config_error|email_not_verified.
import { AppError, type ScopedCookie, trimTrailingSlash } from '@mailwright/kit';
import { isProviderName, type ProviderName, type SignInProvider } from '../adapters/sign-in-providers/provider';
import type { IdentityDeps } from '../deps';

export type SocialSignInError = 'invalid_state' | 'oauth_failed' | 'oauth_config_error' | 'email_not_verified';

/** Where the browser goes next, and the cookie to set on the way. */
export interface Redirect {
  location: string;
  setCookie?: string;
}

/** Binds an attempt to the browser that started it (login CSRF); read back on the callback only. */
export const signInBindingCookie = (provider: ProviderName): ScopedCookie => ({
  name: `mw_signin_${provider}`,
  path: `/api/auth/${provider}/callback`,
  sameSite: 'Lax',
});

type PublicUrlDeps = Pick<IdentityDeps, 'config'>;

export const redirectUriFor = (deps: PublicUrlDeps, provider: ProviderName) =>
  `${trimTrailingSlash(deps.config.PUBLIC_URL)}/api/auth/${provider}/callback`;

export function webCallbackUrl(deps: PublicUrlDeps, outcome: { code: string } | { error: SocialSignInError }): string {
  const url = new URL(`${trimTrailingSlash(deps.config.PUBLIC_URL)}/auth/callback`);
  if ('code' in outcome) url.searchParams.set('code', outcome.code);
  else url.searchParams.set('error', outcome.error);
  return url.toString();
}

export function providerOf(deps: Pick<IdentityDeps, 'signInProviders'>, name: string): SignInProvider {
  if (!isProviderName(name)) throw new AppError('NOT_FOUND', `Unknown sign-in provider '${name}'`);
  return deps.signInProviders[name];
}
