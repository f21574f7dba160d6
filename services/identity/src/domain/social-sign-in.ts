// The two legs of social sign-in: the redirect to the provider, and the callback that ends at the web
// app's /auth/callback with ?token=… or ?error=invalid_state|oauth_failed|oauth_config_error.
import { randomUUID } from 'node:crypto';
import { AppError } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { deleteExpiredOAuthStates, insertOAuthState, takeOAuthState } from '../db/queries/oauth-states';
import { isProviderName, type OAuthProvider, type ProviderName } from '../oauth/provider';
import { createPkcePair, STATE_TTL_SECONDS, type StateTokens } from '../oauth/state-token';
import { signInWithProvider } from './sign-in-with-provider';

export type SocialSignInError = 'invalid_state' | 'oauth_failed' | 'oauth_config_error';

export interface SocialSignIn {
  providers: Record<ProviderName, OAuthProvider>;
  states: StateTokens;
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

const publicUrl = (ctx: IdentityContext) => ctx.config.PUBLIC_URL.replace(/\/+$/, '');
const redirectUriFor = (ctx: IdentityContext, provider: ProviderName) => `${publicUrl(ctx)}/api/auth/${provider}/callback`;

export function webCallbackUrl(ctx: IdentityContext, outcome: { token: string } | { error: SocialSignInError }): string {
  const url = new URL(`${publicUrl(ctx)}/auth/callback`);
  if ('token' in outcome) url.searchParams.set('token', outcome.token);
  else url.searchParams.set('error', outcome.error);
  return url.toString();
}

function providerOf(social: SocialSignIn, name: string): OAuthProvider {
  if (!isProviderName(name)) throw new AppError('NOT_FOUND', `Unknown sign-in provider '${name}'`);
  return social.providers[name];
}

/** Where to send the browser to start signing in with `providerName`. */
export async function startSocialSignIn(ctx: IdentityContext, social: SocialSignIn, providerName: string): Promise<string> {
  const provider = providerOf(social, providerName);
  if (!provider.isConfigured) return webCallbackUrl(ctx, { error: 'oauth_config_error' });
  deleteExpiredOAuthStates(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not prune OAuth states'));
  const jti = randomUUID();
  const pkce = provider.usesPkce ? createPkcePair() : undefined;
  await insertOAuthState(ctx.db, {
    jti,
    provider: provider.name,
    codeVerifier: pkce?.verifier ?? null,
    expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
  });
  return provider.authorizationUrl({
    state: await social.states.sign(provider.name, jti),
    redirectUri: redirectUriFor(ctx, provider.name),
    codeChallenge: pkce?.challenge,
  });
}

/** Where to send the browser once the provider has redirected back. */
export async function finishSocialSignIn(
  ctx: IdentityContext,
  social: SocialSignIn,
  providerName: string,
  query: CallbackQuery,
): Promise<string> {
  const provider = providerOf(social, providerName);
  if (!provider.isConfigured) return webCallbackUrl(ctx, { error: 'oauth_config_error' });
  const jti = query.state ? await social.states.verify(query.state, provider.name) : undefined;
  const attempt = jti ? await takeOAuthState(ctx.db, jti, provider.name) : undefined;
  if (query.error) {
    ctx.log.info(`Sign-in with ${provider.name} was not completed: ${query.error}`);
    return webCallbackUrl(ctx, { error: 'oauth_failed' });
  }
  if (!attempt) return webCallbackUrl(ctx, { error: 'invalid_state' });
  if (!query.code) return webCallbackUrl(ctx, { error: 'oauth_failed' });
  try {
    const profile = await provider.fetchProfile({
      code: query.code,
      redirectUri: redirectUriFor(ctx, provider.name),
      codeVerifier: attempt.codeVerifier ?? undefined,
    });
    const user = await signInWithProvider(ctx.db, provider.name, profile);
    return webCallbackUrl(ctx, { token: await ctx.sessions.sign(user.id) });
  } catch (error) {
    ctx.log.warn({ err: error }, `Sign-in with ${provider.name} failed`);
    return webCallbackUrl(ctx, { error: 'oauth_failed' });
  }
}
