// A single-use, 60-second ticket for the OAuth start: the browser navigates there without a bearer header,
// and no long-lived JWT may appear in a URL.
import { createHash, randomBytes } from 'node:crypto';
import type { ConnectTicket, OAuthEmailProvider } from '@mailwright/contracts';
import { insertConnectTicket } from '../db/queries/connect-tickets';
import { listUserAccounts } from '../db/queries/email-accounts';
import { assertCanAddAccount } from './account-limit';
import type { AccountsDeps } from './deps';

export const TICKET_TTL_MS = 60_000;

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueConnectTicket(
  deps: AccountsDeps,
  userId: string,
  provider: OAuthEmailProvider,
): Promise<ConnectTicket> {
  // Refuse early, with a JSON error the page can show, when the plan is full and this cannot be a reconnect.
  const accounts = await listUserAccounts(deps.db, userId);
  if (!accounts.some((account) => account.provider === provider)) {
    assertCanAddAccount(await deps.entitlements.get(userId), accounts.length);
  }
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await insertConnectTicket(deps.db, { ticketHash: hashTicket(ticket), userId, provider, expiresAt });
  return {
    url: `/api/email-accounts/${provider}/connect?ticket=${encodeURIComponent(ticket)}`,
    expiresAt: expiresAt.toISOString(),
  };
}
