// The sender an accepted email records: the account asked for (or the user's default), or a sender pool's first
// account, standing in until the worker picks the pool's account at delivery time (issue 20).
import { type ResolvedAccount, SENDER_POOL_MESSAGES, type SendEmailBody } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import type { SendingDeps } from './deps';
import { given } from './given';

export async function resolveSender(
  deps: Pick<SendingDeps, 'accounts'>,
  userId: string,
  body: Pick<SendEmailBody, 'emailAccountId' | 'senderPoolId'>,
  requestId?: string,
): Promise<{ account: ResolvedAccount; senderPoolId: string | null }> {
  const poolId = given(body.senderPoolId);
  if (poolId === null)
    return { account: await deps.accounts.resolve(userId, given(body.emailAccountId), requestId), senderPoolId: null };
  if (!isUuid(poolId)) throw new AppError('NOT_FOUND', SENDER_POOL_MESSAGES.notFound);
  const pool = await deps.accounts.pool(poolId, userId, requestId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', SENDER_POOL_MESSAGES.notFound);
    throw error;
  });
  const first = pool.accountIds[0];
  if (first === undefined) throw new AppError('VALIDATION_ERROR', 'senderPoolId: the sender pool has no accounts');
  return { account: await deps.accounts.resolve(userId, first, requestId), senderPoolId: pool.id };
}
