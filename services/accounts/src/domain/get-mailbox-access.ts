// GET /internal/accounts/:accountId/mailbox (issue 21): how the mail worker reads an account's mailbox. SMTP
// accounts: IMAP with the SMTP account's settings as defaults; Gmail/Outlook: a fresh access token (as for
// sending). Reading off or no such account → 404; a grant without the read scope, or revoked → 409.
import type { MailboxAccess } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findAccountById } from '../db/queries/email-accounts';
import { missingReadScopeMessage } from './account-feedback-of';
import { accountNotFound, needsReconnect } from './errors';
import { type AccessTokenDeps, freshAccessToken } from './fresh-access-token';
import { mailboxImapOf } from './imap-settings';

export async function getMailboxAccess(deps: AccessTokenDeps, accountId: string): Promise<MailboxAccess> {
  if (!isUuid(accountId)) throw accountNotFound();
  const row = await findAccountById(deps.db, accountId);
  if (!row?.feedbackEnabled) throw accountNotFound();
  const base = { accountId: row.id, userId: row.userId, email: row.email, generation: row.feedbackGeneration };
  if (row.provider === 'smtp') return { provider: 'smtp', ...base, imap: mailboxImapOf(row, deps.box) };

  const missingScope = missingReadScopeMessage(row);
  if (missingScope) throw new AppError('ACCOUNT_NEEDS_RECONNECT', missingScope);
  if (row.status === 'needs_reconnect') throw needsReconnect(row);
  const accessToken = await freshAccessToken(deps, row);
  if (row.provider === 'gmail') return { provider: 'gmail', ...base, accessToken, apiUrl: deps.providers.gmail.apiUrl };
  return { provider: 'outlook', ...base, accessToken, graphUrl: deps.providers.outlook.apiUrl };
}
