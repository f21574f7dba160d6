// Cancel: the paid subscription ends at once and the user is on free (no refund for unused time).
import type { SubscriptionChangeResponse } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { lockSubscription, writeSubscription } from '../db/queries/subscriptions';
import type { BillingDeps } from '../deps';
import { effectiveSubscription, subscriptionChangeBody } from './subscription-view';

export async function cancelSubscription(
  deps: Pick<BillingDeps, 'db' | 'now'>,
  userId: string,
): Promise<SubscriptionChangeResponse> {
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) => {
    const current = effectiveSubscription(await lockSubscription(tx, userId), now);
    if (current.plan === 'free') throw new AppError('BAD_REQUEST', 'You have no paid subscription to cancel.');
    return writeSubscription(tx, { userId, fromPlan: current.plan, toPlan: 'free', endDate: null, reason: 'cancel', now });
  });
  return subscriptionChangeBody(
    'Your subscription has been cancelled. You are now on the Free plan.',
    effectiveSubscription(updated, now),
  );
}
