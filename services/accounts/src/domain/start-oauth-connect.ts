// GET /email-accounts/:provider/connect: trades the one-time ticket (from its cookie, see ticket-cookie.ts)
// for a redirect to the provider with a signed state (bound to the user and this browser) and a PKCE challenge.
import { createHash, randomBytes } from 'node:crypto';
import type { OAuthEmailProvider } from '@mailwright/contracts';
import { consumeConnectTicket } from '../db/queries/connect-tickets';
import { bindingCookie, newBrowserBinding } from '../oauth/browser-binding';
import { STATE_TTL_SECONDS, signOAuthState } from '../oauth/oauth-state';
import { clearTicketCookie } from '../oauth/ticket-cookie';
import type { AccountsDeps } from './deps';
import { hashTicket } from './issue-connect-ticket';
import { errorRedirect } from './oauth-redirects';

export interface OAuthRedirect {
  location: string;
  setCookies: string[];
}

export async function startOAuthConnect(
  deps: AccountsDeps,
  provider: OAuthEmailProvider,
  /** The ticket cookie's value; a ticket in the URL is never accepted (anyone can send a link). */
  ticket: string | undefined,
): Promise<OAuthRedirect> {
  const { PUBLIC_URL, INTERNAL_SECRET } = deps.config;
  const client = deps.providers[provider];
  const ticketSpent = clearTicketCookie(provider);
  if (!client.isConfigured()) return { location: errorRedirect(PUBLIC_URL, 'oauth_config_error'), setCookies: [ticketSpent] };
  const owner = ticket ? await consumeConnectTicket(deps.db, hashTicket(ticket), provider) : undefined;
  if (!owner) return { location: errorRedirect(PUBLIC_URL, 'session_expired'), setCookies: [ticketSpent] };

  const codeVerifier = randomBytes(48).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  const binding = newBrowserBinding();
  const state = await signOAuthState(INTERNAL_SECRET, deps.box, {
    userId: owner.userId,
    provider,
    codeVerifier,
    browserBinding: binding.hash,
  });
  return {
    location: client.authorizationUrl({ state, codeChallenge }),
    setCookies: [ticketSpent, bindingCookie(provider, binding.nonce, PUBLIC_URL, STATE_TTL_SECONDS)],
  };
}
