// Before a request downloads attachment URLs, the user's remaining monthly quota is read once: a send or batch
// that cannot be stored anyway must not make this process fetch up to 10 MB per email first. Only requests with
// URL attachments pay this read; storing still takes the quota atomically (insert-email.ts), this only turns away
// early what cannot fit.
import { quotaUsed } from '../db/queries/quota';
import type { SendingDeps } from './deps';
import { quotaMonth } from './quota-month';

/** Emails the user may still send this month under `monthlyLimit` (-1: unlimited → Infinity). */
export async function remainingQuota(deps: Pick<SendingDeps, 'db'>, userId: string, monthlyLimit: number): Promise<number> {
  if (monthlyLimit === -1) return Number.POSITIVE_INFINITY;
  const usage = await quotaUsed(deps.db.$client, userId, quotaMonth());
  return Math.max(0, monthlyLimit - (usage?.used ?? 0));
}
