// Cancel: the paid subscription ends at once and the user is on free (no refund for unused time).
import type { SubscriptionChangeResponse } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { BillingContext } from '../context';
import { lockSubscription, writeSubscription } from '../db/queries/subscriptions';
import { effectiveSubscription, subscriptionChangeBody } from './subscription-view';

export async function cancelSubscription(ctx: BillingContext, userId: string): Promise<SubscriptionChangeResponse> {
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const current = effectiveSubscription(await lockSubscription(tx, userId), now);
    if (current.plan === 'free') throw new AppError('BAD_REQUEST', 'You have no paid subscription to cancel.');
    return writeSubscription(tx, { userId, fromPlan: current.plan, toPlan: 'free', endDate: null, reason: 'cancel', now });
  });
  return subscriptionChangeBody(
    'Your subscription has been cancelled. You are now on the Free plan.',
    effectiveSubscription(updated, now),
  );
}
