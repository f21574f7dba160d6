// PUT /sender-pools/:id (issue 20): renames a pool, reorders or replaces its accounts, or changes its strategy.
import type { SenderPool, UpdateSenderPoolBody } from '@mailwright/contracts';
import { isUuid } from '@mailwright/kit';
import { lockUserAccounts } from '../db/queries/email-accounts';
import { findUserPool, findUserPoolByName, updateUserPool } from '../db/queries/sender-pools';
import type { AccountsDeps } from '../deps';
import { assertPoolsAllowed, ownAccountIds, poolNameOf, poolNameTaken, poolNotFound, toSenderPool } from './sender-pool-rules';
import { isUniqueViolation } from './unique-violation';

export async function updateSenderPool(
  deps: Pick<AccountsDeps, 'db' | 'entitlements'>,
  userId: string,
  id: string,
  body: UpdateSenderPoolBody,
  requestId?: string,
): Promise<SenderPool> {
  if (!isUuid(id)) throw poolNotFound();
  assertPoolsAllowed(await deps.entitlements.get(userId, { requestId }));
  const name = body.name === undefined ? undefined : poolNameOf(body.name);
  try {
    const row = await deps.db.transaction(async (tx) => {
      await lockUserAccounts(tx, userId);
      const current = await findUserPool(tx, userId, id);
      if (!current) throw poolNotFound();
      const accountIds = body.accountIds === undefined ? undefined : await ownAccountIds(tx, userId, body.accountIds);
      if (name !== undefined) {
        const holder = await findUserPoolByName(tx, userId, name);
        if (holder && holder.id !== current.id) throw poolNameTaken();
      }
      return updateUserPool(tx, userId, id, { name, strategy: body.strategy, accountIds });
    });
    if (!row) throw poolNotFound();
    return toSenderPool(row);
  } catch (error) {
    if (isUniqueViolation(error, 'sender_pools_user_name')) throw poolNameTaken();
    throw error;
  }
}
