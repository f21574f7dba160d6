// Carries the connect ticket from the signed-in page to the OAuth start in an HttpOnly cookie instead of
// the URL. The ticket is issued to a bearer-authenticated fetch, so only the browser of the user who asked
// for it holds it; a start link someone else minted and sent to a victim finds no ticket in the victim's
// browser, and the victim's mailbox can no longer land in the sender's account.
import type { OAuthEmailProvider } from '@mailwright/contracts';

export const ticketCookieName = (provider: OAuthEmailProvider) => `mw_connect_${provider}`;

export const connectPath = (provider: OAuthEmailProvider) => `/api/email-accounts/${provider}/connect`;

/** Strict: only a navigation from our own pages (the Connect button) carries it to the start. */
export function ticketCookie(provider: OAuthEmailProvider, ticket: string, publicUrl: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${ticketCookieName(provider)}=${ticket}; Path=${connectPath(provider)}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function clearTicketCookie(provider: OAuthEmailProvider): string {
  return `${ticketCookieName(provider)}=; Path=${connectPath(provider)}; Max-Age=0; HttpOnly; SameSite=Strict`;
}
