// Makes one account the default: the old default is cleared and the new one set in one transaction,
// with the user's rows locked, so the user always has exactly one default.

import type { EmailAccount } from '@mailwright/contracts';
import { isUuid } from '@mailwright/kit';
import { clearDefault, lockUserAccounts, markDefault, selectUserAccountsForUpdate } from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { accountNotFound } from './errors';
import { toEmailAccount } from './to-email-account';

export async function setDefaultAccount(deps: Pick<AccountsDeps, 'db'>, userId: string, id: string): Promise<EmailAccount> {
  if (!isUuid(id)) throw accountNotFound();
  const row = await deps.db.transaction(async (tx) => {
    await lockUserAccounts(tx, userId);
    const rows = await selectUserAccountsForUpdate(tx, userId);
    const target = rows.find((candidate) => candidate.id === id);
    if (!target) throw accountNotFound();
    if (target.isDefault) return target;
    await clearDefault(tx, userId, id);
    return markDefault(tx, userId, id);
  });
  if (!row) throw accountNotFound();
  return toEmailAccount(row);
}
