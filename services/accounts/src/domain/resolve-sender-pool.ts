// GET /internal/sender-pools/:poolId?userId= (issue 20): the pool's strategy and accounts in order, for the mail
// service at accept and delivery time. A pool of another user answers 404, as a missing one.
import type { ResolvedSenderPool } from '@mailwright/contracts';
import { isUuid } from '@mailwright/kit';
import { findUserPool } from '../db/queries/sender-pools';
import type { AccountsDeps } from '../deps';
import { poolNotFound } from './sender-pool-rules';

export async function resolveSenderPool(
  deps: Pick<AccountsDeps, 'db'>,
  userId: string,
  poolId: string,
): Promise<ResolvedSenderPool> {
  const row = isUuid(userId) && isUuid(poolId) ? await findUserPool(deps.db, userId, poolId) : undefined;
  if (!row) throw poolNotFound();
  return { id: row.id, userId: row.userId, strategy: row.strategy, accountIds: row.accountIds };
}
