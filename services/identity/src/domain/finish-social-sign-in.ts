// The second leg of social sign-in: the provider's redirect back. The attempt must be pending (single use),
// come back to the browser that started it, and end in a profile; it answers a one-time sign-in code.
import { clearScopedCookie, isClientConfigured, matchesBinding } from '@mailwright/kit';
import { takeOAuthState } from '../db/queries/oauth-states';
import type { IdentityDeps } from '../deps';
import type { EmailLinkDeps } from './issue-email-link';
import { issueSignInCode } from './sign-in-codes';
import { signInWithProvider } from './sign-in-with-provider';
import {
  providerOf,
  type Redirect,
  redirectUriFor,
  type SocialSignInError,
  signInBindingCookie,
  webCallbackUrl,
} from './social-sign-in-legs';

export type FinishSocialSignInDeps = Pick<IdentityDeps, 'signInProviders' | 'oauthStates'> & EmailLinkDeps;

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/** Where to send the browser once the provider has redirected back; `browserNonce` is the binding cookie's value. */
export async function finishSocialSignIn(
  deps: FinishSocialSignInDeps,
  providerName: string,
  query: CallbackQuery,
  browserNonce: string | undefined,
): Promise<Redirect> {
  const provider = providerOf(deps, providerName);
  if (!isClientConfigured(provider.client)) return { location: webCallbackUrl(deps, { error: 'oauth_config_error' }) };
  const end = (outcome: { code: string } | { error: SocialSignInError }): Redirect => ({
    location: webCallbackUrl(deps, outcome),
    setCookie: clearScopedCookie(signInBindingCookie(provider.name)),
  });
  const checked = await deps.oauthStates.verify(query.state, provider.name);
  const attempt = checked.ok ? await takeOAuthState(deps.db, checked.claims.subject, provider.name) : undefined;
  if (query.error) {
    deps.log.info(`Sign-in with ${provider.name} was not completed: ${query.error}`);
    return end({ error: 'oauth_failed' });
  }
  if (!attempt) return end({ error: 'invalid_state' });
  if (!matchesBinding(browserNonce, attempt.browserHash)) {
    deps.log.warn(`Sign-in with ${provider.name} came back to another browser than the one that started it`);
    return end({ error: 'invalid_state' });
  }
  if (!query.code) return end({ error: 'oauth_failed' });
  try {
    const profile = await provider.fetchProfile({
      code: query.code,
      redirectUri: redirectUriFor(deps, provider.name),
      codeVerifier: attempt.codeVerifier ?? undefined,
    });
    const outcome = await signInWithProvider(deps, provider.name, profile);
    if (outcome.kind === 'needs-verification') return end({ error: 'email_not_verified' });
    return end({ code: await issueSignInCode(deps, outcome.user.id) });
  } catch (error) {
    deps.log.warn({ err: error }, `Sign-in with ${provider.name} failed`);
    return end({ error: 'oauth_failed' });
  }
}
