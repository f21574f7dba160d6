// The two legs of social sign-in: the redirect to the provider (binding the attempt to this browser by a
// cookie), and the callback that ends at the web app's /auth/callback with ?code=… (a one-time sign-in code)
// or ?error=invalid_state|oauth_failed|oauth_config_error|email_not_verified.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  clearScopedCookie,
  createPkcePair,
  isClientConfigured,
  matchesBinding,
  type OAuthStates,
  type ScopedCookie,
  startAttempt,
} from '@mailwright/kit';
import { isProviderName, type ProviderName, type SignInProvider } from '../adapters/sign-in-providers/provider';
import type { SignInProviders } from '../adapters/sign-in-providers/providers';
import type { IdentityContext } from '../context';
import { deleteExpiredOAuthStates, insertOAuthState, takeOAuthState } from '../db/queries/oauth-states';
import { issueSignInCode } from './sign-in-codes';
import { signInWithProvider } from './sign-in-with-provider';

export type SocialSignInError = 'invalid_state' | 'oauth_failed' | 'oauth_config_error' | 'email_not_verified';

export interface SocialSignIn {
  providers: SignInProviders;
  states: OAuthStates;
}

/** Binds an attempt to the browser that started it (login CSRF); read back on the callback only. */
export const signInBindingCookie = (provider: ProviderName): ScopedCookie => ({
  name: `mw_signin_${provider}`,
  path: `/api/auth/${provider}/callback`,
  sameSite: 'Lax',
});

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/** Where the browser goes next, and the cookie to set on the way. */
export interface Redirect {
  location: string;
  setCookie?: string;
}

const publicUrl = (ctx: IdentityContext) => ctx.config.PUBLIC_URL.replace(/\/+$/, '');
const redirectUriFor = (ctx: IdentityContext, provider: ProviderName) => `${publicUrl(ctx)}/api/auth/${provider}/callback`;

export function webCallbackUrl(ctx: IdentityContext, outcome: { code: string } | { error: SocialSignInError }): string {
  const url = new URL(`${publicUrl(ctx)}/auth/callback`);
  if ('code' in outcome) url.searchParams.set('code', outcome.code);
  else url.searchParams.set('error', outcome.error);
  return url.toString();
}

function providerOf(social: SocialSignIn, name: string): SignInProvider {
  if (!isProviderName(name)) throw new AppError('NOT_FOUND', `Unknown sign-in provider '${name}'`);
  return social.providers[name];
}

/** Where to send the browser to start signing in with `providerName`. */
export async function startSocialSignIn(ctx: IdentityContext, social: SocialSignIn, providerName: string): Promise<Redirect> {
  const provider = providerOf(social, providerName);
  if (!isClientConfigured(provider.client)) return { location: webCallbackUrl(ctx, { error: 'oauth_config_error' }) };
  deleteExpiredOAuthStates(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not prune OAuth states'));
  const jti = randomUUID();
  const pkce = provider.usesPkce ? createPkcePair() : undefined;
  const attempt = await startAttempt(social.states, {
    provider: provider.name,
    subject: jti,
    cookie: signInBindingCookie(provider.name),
    publicUrl: ctx.config.PUBLIC_URL,
  });
  // The attempt row makes the state single-use and keeps the PKCE verifier server-side.
  await insertOAuthState(ctx.db, {
    jti,
    provider: provider.name,
    codeVerifier: pkce?.verifier ?? null,
    browserHash: attempt.binding,
    expiresAt: new Date(Date.now() + social.states.ttlSeconds * 1000),
  });
  const location = provider.authorizationUrl({
    state: attempt.state,
    redirectUri: redirectUriFor(ctx, provider.name),
    codeChallenge: pkce?.challenge,
  });
  return { location, setCookie: attempt.setCookie };
}

/** Where to send the browser once the provider has redirected back; `browserNonce` is the binding cookie's value. */
export async function finishSocialSignIn(
  ctx: IdentityContext,
  social: SocialSignIn,
  providerName: string,
  query: CallbackQuery,
  browserNonce: string | undefined,
): Promise<Redirect> {
  const provider = providerOf(social, providerName);
  if (!isClientConfigured(provider.client)) return { location: webCallbackUrl(ctx, { error: 'oauth_config_error' }) };
  const end = (outcome: { code: string } | { error: SocialSignInError }): Redirect => ({
    location: webCallbackUrl(ctx, outcome),
    setCookie: clearScopedCookie(signInBindingCookie(provider.name)),
  });
  const checked = await social.states.verify(query.state, provider.name);
  const attempt = checked.ok ? await takeOAuthState(ctx.db, checked.claims.subject, provider.name) : undefined;
  if (query.error) {
    ctx.log.info(`Sign-in with ${provider.name} was not completed: ${query.error}`);
    return end({ error: 'oauth_failed' });
  }
  if (!attempt) return end({ error: 'invalid_state' });
  if (!matchesBinding(browserNonce, attempt.browserHash)) {
    ctx.log.warn(`Sign-in with ${provider.name} came back to another browser than the one that started it`);
    return end({ error: 'invalid_state' });
  }
  if (!query.code) return end({ error: 'oauth_failed' });
  try {
    const profile = await provider.fetchProfile({
      code: query.code,
      redirectUri: redirectUriFor(ctx, provider.name),
      codeVerifier: attempt.codeVerifier ?? undefined,
    });
    const outcome = await signInWithProvider(ctx, provider.name, profile);
    if (outcome.kind === 'needs-verification') return end({ error: 'email_not_verified' });
    return end({ code: await issueSignInCode(ctx, outcome.user.id) });
  } catch (error) {
    ctx.log.warn({ err: error }, `Sign-in with ${provider.name} failed`);
    return end({ error: 'oauth_failed' });
  }
}
