// Downgrade: the paid subscription ends now and the lower plan applies at once (no refund).
// A lower paid plan keeps the end date already paid for; free has none.
import type { SubscriptionChangeResponse } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { lockSubscription, writeSubscription } from '../db/queries/subscriptions';
import type { BillingDeps } from '../deps';
import { alreadyOnPlan, requirePlanId } from './errors';
import { comparePlans, findPlan } from './plans';
import { effectiveSubscription, subscriptionChangeBody } from './subscription-view';

export async function downgradeSubscription(
  deps: Pick<BillingDeps, 'db' | 'now'>,
  userId: string,
  planInput: string,
): Promise<SubscriptionChangeResponse> {
  const target = requirePlanId(planInput);
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const current = effectiveSubscription(await lockSubscription(tx, userId), now);
    if (current.plan === target) throw alreadyOnPlan(target);
    if (comparePlans(target, current.plan) > 0) {
      const [from, to] = [findPlan(current.plan).name, findPlan(target).name];
      throw new AppError('BAD_REQUEST', `${to} is not lower than your ${from} plan. Subscribe to upgrade instead.`);
    }
    const endDate = target === 'free' ? null : current.endDate;
    return writeSubscription(tx, { userId, fromPlan: current.plan, toPlan: target, endDate, reason: 'downgrade', now });
  });
  return subscriptionChangeBody(`Successfully downgraded to ${findPlan(target).name} plan!`, effectiveSubscription(updated, now));
}
