// GET /email-accounts/:provider/connect: trades the one-time ticket (from its cookie, see connect-cookies.ts)
// for a redirect to the provider with a signed state (bound to the user and this browser) and a PKCE challenge.
import type { OAuthEmailProvider } from '@mailwright/contracts';
import { clearScopedCookie, createPkcePair, isClientConfigured, startAttempt } from '@mailwright/kit';
import { consumeConnectTicket } from '../db/queries/connect-tickets';
import type { AccountsDeps } from '../deps';
import { bindingCookie, ticketCookie } from './connect-cookies';
import { hashTicket } from './issue-connect-ticket';
import { errorRedirect } from './oauth-redirects';

export interface OAuthRedirect {
  location: string;
  setCookies: string[];
}

export async function startOAuthConnect(
  deps: Pick<AccountsDeps, 'config' | 'db' | 'providers' | 'states'>,
  provider: OAuthEmailProvider,
  /** The ticket cookie's value; a ticket in the URL is never accepted (anyone can send a link). */
  ticket: string | undefined,
): Promise<OAuthRedirect> {
  const { PUBLIC_URL } = deps.config;
  const client = deps.providers[provider];
  const ticketSpent = clearScopedCookie(ticketCookie(provider));
  if (!isClientConfigured(client.client)) {
    return { location: errorRedirect(PUBLIC_URL, 'oauth_config_error'), setCookies: [ticketSpent] };
  }
  const owner = ticket ? await consumeConnectTicket(deps.db, hashTicket(ticket), provider) : undefined;
  if (!owner) return { location: errorRedirect(PUBLIC_URL, 'session_expired'), setCookies: [ticketSpent] };

  const pkce = createPkcePair();
  const attempt = await startAttempt(deps.states, {
    provider,
    subject: owner.userId,
    codeVerifier: pkce.verifier,
    cookie: bindingCookie(provider),
    publicUrl: PUBLIC_URL,
  });
  return {
    location: client.authorizationUrl({ state: attempt.state, codeChallenge: pkce.challenge }),
    setCookies: [ticketSpent, attempt.setCookie],
  };
}
