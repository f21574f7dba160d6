// Renewal: a paid plan whose end date passed without a new payment returns to free. Runs from the
// periodic sweep and, for the one user being read, on read, so nobody keeps a lapsed plan in between.

import type { Executor } from '../db/client';
import { lockExpiredSubscriptions, lockSubscription, writeSubscription } from '../db/queries/subscriptions';
import type { SubscriptionRow } from '../db/tables';
import type { BillingDeps } from '../deps';
import { isLapsed } from './subscription-view';

const SWEEP_BATCH = 500;

async function expire(db: Executor, row: SubscriptionRow, now: Date): Promise<void> {
  await writeSubscription(db, { userId: row.userId, fromPlan: row.plan, toPlan: 'free', endDate: null, reason: 'expired', now });
}

/** Returns the user to free when their paid plan has lapsed; true when it did. */
export async function expireSubscriptionIfLapsed(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, userId);
    if (!row || !isLapsed(row, now)) return false;
    await expire(tx, row, now);
    return true;
  });
}

/** Returns every lapsed paid subscription to free, in batches; answers how many changed. */
export async function expireLapsedSubscriptions(deps: Pick<BillingDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  let total = 0;
  for (;;) {
    const changed = await deps.db.transaction(async (tx) => {
      const rows = await lockExpiredSubscriptions(tx, now, SWEEP_BATCH);
      for (const row of rows) await expire(tx, row, now);
      return rows.length;
    });
    total += changed;
    if (changed < SWEEP_BATCH) return total;
  }
}
