// What every sender-pool use case shares (issue 20): the plan gate, the refusals, the name and account checks,
// and the public shape of a pool.
import { type Entitlements, type PlanId, SENDER_POOL_MESSAGES, type SenderPool } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import type { AccountsTransaction } from '../db/client';
import { selectUserAccountIds } from '../db/queries/sender-pools';
import type { SenderPoolRow } from '../db/tables';

const PLANS_WITH_POOLS: readonly PlanId[] = ['pro', 'enterprise'];

export const poolNotFound = () => new AppError('NOT_FOUND', SENDER_POOL_MESSAGES.notFound);
export const poolNameTaken = () => new AppError('CONFLICT', SENDER_POOL_MESSAGES.nameTaken);

/** Creating and changing pools is for Pro and Enterprise; reading and deleting stay open after a downgrade. */
export function assertPoolsAllowed(entitlements: Entitlements): void {
  if (!PLANS_WITH_POOLS.includes(entitlements.plan)) throw new AppError('PLAN_LIMIT', SENDER_POOL_MESSAGES.planRequired);
}

export function poolNameOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new AppError('VALIDATION_ERROR', 'name is required', { details: { field: 'name' } });
  return trimmed;
}

const accountNotFound = (id: string) =>
  new AppError('VALIDATION_ERROR', SENDER_POOL_MESSAGES.accountNotFound(id), { details: { field: 'accountIds' } });

/**
 * The ids in order, lower-cased, each one of the user's accounts, none twice; else 400 naming accountIds.
 * Run under the user's account lock, so an account cannot be deleted between the check and the write.
 */
export async function ownAccountIds(tx: AccountsTransaction, userId: string, given: readonly string[]): Promise<string[]> {
  const ids = given.map((id) => id.trim().toLowerCase());
  const malformed = ids.find((id) => !isUuid(id));
  if (malformed !== undefined) throw accountNotFound(malformed);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) {
    throw new AppError('VALIDATION_ERROR', `accountIds: ${twice} is listed twice`, { details: { field: 'accountIds' } });
  }
  const owned = await selectUserAccountIds(tx, userId, ids);
  const missing = ids.find((id) => !owned.has(id));
  if (missing !== undefined) throw accountNotFound(missing);
  return ids;
}

export function toSenderPool(row: SenderPoolRow): SenderPool {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    strategy: row.strategy,
    accountIds: row.accountIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
