// A single-use, 60-second ticket for the OAuth start: the browser navigates there without a bearer header,
// so the ticket rides in an HttpOnly cookie set on this (bearer-authenticated) answer, never in the URL:
// the start then only works in the browser of the user who asked for it.
import { createHash, randomBytes } from 'node:crypto';
import type { ConnectTicket, OAuthEmailProvider } from '@mailwright/contracts';
import { setScopedCookie } from '@mailwright/kit';
import { insertConnectTicket } from '../db/queries/connect-tickets';
import { listUserAccounts } from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { assertCanAddAccount } from './account-limit';
import { connectPath, ticketCookie } from './connect-cookies';

export const TICKET_TTL_MS = 60_000;

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export interface IssuedTicket {
  ticket: ConnectTicket;
  setCookie: string;
}

export async function issueConnectTicket(
  deps: Pick<AccountsDeps, 'db' | 'config' | 'entitlements'>,
  userId: string,
  provider: OAuthEmailProvider,
  requestId?: string,
): Promise<IssuedTicket> {
  // Refuse early, with a JSON error the page can show, when the plan is full and this cannot be a reconnect.
  const accounts = await listUserAccounts(deps.db, userId);
  if (!accounts.some((account) => account.provider === provider)) {
    assertCanAddAccount(await deps.entitlements.get(userId, { requestId }), accounts.length);
  }
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await insertConnectTicket(deps.db, { ticketHash: hashTicket(ticket), userId, provider, expiresAt });
  return {
    ticket: { url: connectPath(provider), expiresAt: expiresAt.toISOString() },
    setCookie: setScopedCookie(ticketCookie(provider), ticket, deps.config.PUBLIC_URL, TICKET_TTL_MS / 1000),
  };
}
