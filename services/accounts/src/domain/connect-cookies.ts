// The two cookies of the connect flow, each scoped to the one public path that reads it.
import type { OAuthEmailProvider } from '@mailwright/contracts';
import type { ScopedCookie } from '@mailwright/kit';

export const connectPath = (provider: OAuthEmailProvider) => `/api/email-accounts/${provider}/connect`;

/**
 * Carries the connect ticket from the signed-in page to the OAuth start instead of the URL. The ticket is issued
 * to a bearer-authenticated fetch, so only the browser of the user who asked for it holds it; a start link
 * someone else minted and sent to a victim finds no ticket in the victim's browser, and the victim's mailbox
 * can no longer land in the sender's account. Strict: only a navigation from our own pages carries it.
 */
export const ticketCookie = (provider: OAuthEmailProvider): ScopedCookie => ({
  name: `mw_connect_${provider}`,
  path: connectPath(provider),
  sameSite: 'Strict',
});

/** Binds the attempt to the browser that started it; the provider's redirect back must carry it (Lax). */
export const bindingCookie = (provider: OAuthEmailProvider): ScopedCookie => ({
  name: `mw_oauth_${provider}`,
  path: `/api/email-accounts/${provider}/callback`,
  sameSite: 'Lax',
});
