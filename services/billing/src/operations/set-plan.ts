// An operator puts a user on a plan (`npm run admin -- plans set`): support, a comped account, a payment settled
// outside Razorpay. The change is written and recorded in the history like any other (reason `operator`); services
// see it within their entitlements cache lifetime (seconds).
import type { PlanId } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { BillingDatabase } from '../db/client';
import { lockSubscription, writeSubscription } from '../db/queries/subscriptions';
import { requirePlanId } from '../domain/errors';
import { effectiveSubscription } from '../domain/subscription-view';

export interface PlanChange {
  userId: string;
  fromPlan: PlanId;
  plan: PlanId;
  /** When a paid plan lapses; null = it does not (free never does). */
  endDate: Date | null;
  /** false when the user already had this plan and end date. */
  changed: boolean;
}

/** `until`: when a paid plan lapses (absent: it runs until changed). Refused for free. */
export async function setPlan(
  db: BillingDatabase,
  userId: string,
  planInput: string,
  options: { until?: Date; now?: Date } = {},
): Promise<PlanChange> {
  const plan = requirePlanId(planInput);
  const now = options.now ?? new Date();
  if (options.until && plan === 'free') throw new AppError('BAD_REQUEST', 'The free plan has no end date: leave out --until');
  if (options.until && options.until.getTime() <= now.getTime()) {
    throw new AppError('BAD_REQUEST', `--until must be in the future (got ${options.until.toISOString()})`);
  }
  const endDate = options.until ?? null;
  return db.transaction(async (tx) => {
    const current = effectiveSubscription(await lockSubscription(tx, userId), now);
    if (current.plan === plan && (current.endDate?.getTime() ?? null) === (endDate?.getTime() ?? null)) {
      return { userId, fromPlan: current.plan, plan, endDate, changed: false };
    }
    await writeSubscription(tx, { userId, fromPlan: current.plan, toPlan: plan, endDate, reason: 'operator', now });
    return { userId, fromPlan: current.plan, plan, endDate, changed: true };
  });
}
