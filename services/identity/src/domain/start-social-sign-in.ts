// The first leg of social sign-in: the redirect to the provider, binding the attempt to this browser by a cookie.
import { randomUUID } from 'node:crypto';
import { createPkcePair, isClientConfigured, startAttempt } from '@mailwright/kit';
import { deleteExpiredOAuthStates, insertOAuthState } from '../db/queries/oauth-states';
import type { IdentityDeps } from '../deps';
import { providerOf, type Redirect, redirectUriFor, signInBindingCookie, webCallbackUrl } from './social-sign-in-legs';

export type StartSocialSignInDeps = Pick<IdentityDeps, 'config' | 'db' | 'log' | 'signInProviders' | 'oauthStates'>;

/** Where to send the browser to start signing in with `providerName`. */
export async function startSocialSignIn(deps: StartSocialSignInDeps, providerName: string): Promise<Redirect> {
  const provider = providerOf(deps, providerName);
  if (!isClientConfigured(provider.client)) return { location: webCallbackUrl(deps, { error: 'oauth_config_error' }) };
  deleteExpiredOAuthStates(deps.db).catch((error: unknown) => deps.log.warn({ err: error }, 'could not prune OAuth states'));
  const jti = randomUUID();
  const pkce = provider.usesPkce ? createPkcePair() : undefined;
  const attempt = await startAttempt(deps.oauthStates, {
    provider: provider.name,
    subject: jti,
    cookie: signInBindingCookie(provider.name),
    publicUrl: deps.config.PUBLIC_URL,
  });
  // The attempt row makes the state single-use, keeps the PKCE verifier server-side and holds the binding
  // hash the callback checks (the signed state carries it too; the row is the copy that can be spent).
  await insertOAuthState(deps.db, {
    jti,
    provider: provider.name,
    codeVerifier: pkce?.verifier ?? null,
    browserHash: attempt.binding,
    expiresAt: new Date(Date.now() + deps.oauthStates.ttlSeconds * 1000),
  });
  const location = provider.authorizationUrl({
    state: attempt.state,
    redirectUri: redirectUriFor(deps, provider.name),
    codeChallenge: pkce?.challenge,
  });
  return { location, setCookie: attempt.setCookie };
}
