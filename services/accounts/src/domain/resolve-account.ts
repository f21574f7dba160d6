// For the mail service: the account an email goes out from — the one asked for, or the user's default.
import { NO_EMAIL_ACCOUNT_MESSAGE, type ResolvedAccount } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findDefaultAccount, findUserAccount, findUserAccountByEmail } from '../db/queries/email-accounts';
import type { EmailAccountRow } from '../db/tables';
import type { AccountsDeps } from '../deps';
import { accountNotFound } from './errors';

const toResolved = (row: EmailAccountRow): ResolvedAccount => ({
  id: row.id,
  email: row.email,
  displayName: row.displayName,
  provider: row.provider,
});

export async function resolveAccount(
  deps: Pick<AccountsDeps, 'db'>,
  userId: string,
  accountId?: string | null,
  email?: string,
): Promise<ResolvedAccount> {
  if (!isUuid(userId)) throw new AppError('BAD_REQUEST', NO_EMAIL_ACCOUNT_MESSAGE);
  if (email !== undefined) {
    const row = await findUserAccountByEmail(deps.db, userId, email);
    if (!row) throw accountNotFound();
    return toResolved(row);
  }
  if (accountId) {
    const row = isUuid(accountId) ? await findUserAccount(deps.db, userId, accountId) : undefined;
    if (!row) throw accountNotFound();
    return toResolved(row);
  }
  const row = await findDefaultAccount(deps.db, userId);
  if (!row) throw new AppError('BAD_REQUEST', NO_EMAIL_ACCOUNT_MESSAGE);
  return toResolved(row);
}
