// For the mail worker: how to send as an account. SMTP settings with the opened password, or a fresh OAuth
// access token (fresh-access-token.ts; a revoked grant answers 409 ACCOUNT_NEEDS_RECONNECT).
// The answer carries the sender's health (issue 20): the worker holds the emails of a paused sender.
import type { Transport } from '@mailwright/contracts';
import { isUuid } from '@mailwright/kit';
import { findAccountById } from '../db/queries/email-accounts';
import { accountNotFound, needsReconnect } from './errors';
import { type AccessTokenDeps, freshAccessToken } from './fresh-access-token';
import { senderHealthOf } from './sender-health-of';
import { senderLimitsOf } from './sender-limits-of';

export async function getTransport(deps: AccessTokenDeps, accountId: string, userId?: string): Promise<Transport> {
  if (!isUuid(accountId)) throw accountNotFound();
  const row = await findAccountById(deps.db, accountId);
  if (!row || (userId !== undefined && row.userId !== userId)) throw accountNotFound();
  const base = {
    accountId: row.id,
    userId: row.userId,
    email: row.email,
    displayName: row.displayName,
    limits: senderLimitsOf(row),
    health: senderHealthOf(row),
  };
  if (row.provider === 'smtp') {
    return {
      provider: 'smtp',
      ...base,
      smtp: {
        host: row.smtpHost ?? '',
        port: row.smtpPort ?? 587,
        secure: row.smtpSecure ?? false,
        username: row.smtpUsername ?? '',
        password: deps.box.open(row.secretSealed),
      },
    };
  }
  if (row.status === 'needs_reconnect') throw needsReconnect(row);
  const accessToken = await freshAccessToken(deps, row);
  if (row.provider === 'gmail') return { provider: 'gmail', ...base, accessToken, apiUrl: deps.providers.gmail.apiUrl };
  return { provider: 'outlook', ...base, accessToken, graphUrl: deps.providers.outlook.apiUrl };
}
