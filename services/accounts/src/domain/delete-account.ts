// Removes a sender; when it was the default, the oldest remaining account becomes the default, and it leaves the
// user's sender pools, in the same transaction.
import { isUuid } from '@mailwright/kit';
import { deleteUserAccount, lockUserAccounts, markDefault, selectUserAccountsForUpdate } from '../db/queries/email-accounts';
import { removeAccountFromPools } from '../db/queries/sender-pools';
import type { AccountsDeps } from '../deps';
import { accountNotFound } from './errors';

export async function deleteAccount(deps: Pick<AccountsDeps, 'db'>, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw accountNotFound();
  await deps.db.transaction(async (tx) => {
    await lockUserAccounts(tx, userId);
    const rows = await selectUserAccountsForUpdate(tx, userId);
    const target = rows.find((row) => row.id === id);
    if (!target) throw accountNotFound();
    await deleteUserAccount(tx, userId, id);
    await removeAccountFromPools(tx, userId, id);
    const remaining = rows.filter((row) => row.id !== id);
    const heir = remaining[0];
    if (heir && !remaining.some((row) => row.isDefault)) await markDefault(tx, userId, heir.id);
  });
}
