// Renewal on read: a paid plan whose end date passed without a new payment returns to free as soon as
// its user is read, so nobody keeps a lapsed plan until the next sweep.
import type { Executor } from '../db/client';
import { lockSubscription, writeSubscription } from '../db/queries/subscriptions';
import type { SubscriptionRow } from '../db/tables';
import type { BillingDeps } from '../deps';
import { isLapsed } from './subscription-view';

/** Records the return to free; call inside a transaction holding the row's lock. */
export async function lapseToFree(db: Executor, row: SubscriptionRow, now: Date): Promise<void> {
  await writeSubscription(db, { userId: row.userId, fromPlan: row.plan, toPlan: 'free', endDate: null, reason: 'expired', now });
}

/** Returns the user to free when their paid plan has lapsed; true when it did. */
export async function expireSubscriptionIfLapsed(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, userId);
    if (!row || !isLapsed(row, now)) return false;
    await lapseToFree(tx, row, now);
    return true;
  });
}
