// The renewal sweep's use case: every paid plan whose end date passed without a new payment returns to
// free, in batches, also for users nobody reads (app.ts runs it every BILLING_RENEWAL_SWEEP_MS).
import { lockExpiredSubscriptions } from '../db/queries/subscriptions';
import type { BillingDeps } from '../deps';
import { lapseToFree } from './expire-subscription-if-lapsed';

const SWEEP_BATCH = 500;

/** Answers how many subscriptions changed; rows another sweep holds are skipped. */
export async function expireLapsedSubscriptions(deps: Pick<BillingDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  let total = 0;
  for (;;) {
    const changed = await deps.db.transaction(async (tx) => {
      const rows = await lockExpiredSubscriptions(tx, now, SWEEP_BATCH);
      for (const row of rows) await lapseToFree(tx, row, now);
      return rows.length;
    });
    total += changed;
    if (changed < SWEEP_BATCH) return total;
  }
}
