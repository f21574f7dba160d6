// POST /sender-pools (issue 20): groups some of the user's accounts, in order, under a name unique to the user.
import { type CreateSenderPoolBody, SENDER_POOL_LIMITS, SENDER_POOL_MESSAGES, type SenderPool } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { lockUserAccounts } from '../db/queries/email-accounts';
import { countUserPools, findUserPoolByName, insertPool } from '../db/queries/sender-pools';
import type { AccountsDeps } from '../deps';
import { assertPoolsAllowed, ownAccountIds, poolNameOf, poolNameTaken, toSenderPool } from './sender-pool-rules';
import { isUniqueViolation } from './unique-violation';

export async function createSenderPool(
  deps: Pick<AccountsDeps, 'db' | 'entitlements'>,
  userId: string,
  body: CreateSenderPoolBody,
  requestId?: string,
): Promise<SenderPool> {
  assertPoolsAllowed(await deps.entitlements.get(userId, { requestId }));
  const name = poolNameOf(body.name);
  try {
    const row = await deps.db.transaction(async (tx) => {
      // The account lock: deleting an account (which takes it out of pools) waits for this insert, and back.
      await lockUserAccounts(tx, userId);
      const accountIds = await ownAccountIds(tx, userId, body.accountIds);
      if ((await countUserPools(tx, userId)) >= SENDER_POOL_LIMITS.poolsPerUser) {
        throw new AppError('CONFLICT', SENDER_POOL_MESSAGES.tooMany);
      }
      if (await findUserPoolByName(tx, userId, name)) throw poolNameTaken();
      return insertPool(tx, { userId, name, strategy: body.strategy ?? 'failover', accountIds });
    });
    return toSenderPool(row);
  } catch (error) {
    if (isUniqueViolation(error, 'sender_pools_user_name')) throw poolNameTaken();
    throw error;
  }
}
