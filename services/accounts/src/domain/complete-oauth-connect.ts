// GET /email-accounts/:provider/callback: checks the state and browser, trades the code (with the PKCE
// verifier) for tokens, reads the mailbox from the provider, stores it, and says where the browser goes next.
import type { OAuthEmailProvider } from '@mailwright/contracts';
import { AppError, clearScopedCookie, isClientConfigured, matchesBinding } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsDeps } from '../deps';
import { bindingCookie } from './connect-cookies';
import { errorRedirect, successRedirect } from './oauth-redirects';
import { saveOAuthAccount } from './save-oauth-account';
import { announceResumed } from './sender-resumption';
import type { OAuthRedirect } from './start-oauth-connect';

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  bindingNonce?: string;
}

export async function completeOAuthConnect(
  deps: Pick<AccountsDeps, 'config' | 'db' | 'box' | 'entitlements' | 'providers' | 'states' | 'mail' | 'log'>,
  provider: OAuthEmailProvider,
  query: CallbackQuery,
  log: FastifyBaseLogger,
  requestId?: string,
): Promise<OAuthRedirect> {
  const { PUBLIC_URL } = deps.config;
  const finish = (location: string): OAuthRedirect => ({ location, setCookies: [clearScopedCookie(bindingCookie(provider))] });
  const client = deps.providers[provider];
  if (!isClientConfigured(client.client)) return finish(errorRedirect(PUBLIC_URL, 'oauth_config_error'));

  const checked = await deps.states.verify(query.state, provider);
  if (!checked.ok) return finish(errorRedirect(PUBLIC_URL, checked.reason === 'expired' ? 'session_expired' : 'invalid_state'));
  const { subject: userId, binding, codeVerifier } = checked.claims;
  // Connect states always carry the verifier; one without it was not made here.
  if (!codeVerifier || !matchesBinding(query.bindingNonce, binding)) {
    return finish(errorRedirect(PUBLIC_URL, 'invalid_state'));
  }
  // Denied consent (error=access_denied) or any other provider-side failure.
  if (query.error || !query.code) {
    log.info({ provider, providerError: query.error }, 'oauth connect refused by provider');
    return finish(errorRedirect(PUBLIC_URL, 'oauth_failed'));
  }

  try {
    const tokens = await client.exchangeCode(query.code, codeVerifier);
    const { refreshToken } = tokens;
    if (!refreshToken) return finish(errorRedirect(PUBLIC_URL, 'no_refresh_token'));
    const profile = await client.fetchProfile(tokens.accessToken);
    const saved = await saveOAuthAccount(deps, userId, provider, profile, { ...tokens, refreshToken }, requestId);
    await announceResumed(deps, saved, requestId);
    return finish(successRedirect(PUBLIC_URL, provider, saved.row.email));
  } catch (error) {
    if (error instanceof AppError && error.code === 'PLAN_LIMIT') return finish(errorRedirect(PUBLIC_URL, 'plan_limit'));
    log.warn({ provider, err: error instanceof Error ? error.message : String(error) }, 'oauth connect failed');
    return finish(errorRedirect(PUBLIC_URL, 'oauth_failed'));
  }
}
