// The user's current subscription: one indexed row read, expiring a lapsed plan on the way.
import { findSubscription } from '../db/queries/subscriptions';
import type { BillingDeps } from '../deps';
import { expireSubscriptionIfLapsed } from './expire-subscription-if-lapsed';
import { type EffectiveSubscription, effectiveSubscription, isLapsed } from './subscription-view';

export async function readSubscription(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string): Promise<EffectiveSubscription> {
  const now = deps.now();
  const row = await findSubscription(deps.db, userId);
  if (row && isLapsed(row, now)) await expireSubscriptionIfLapsed(deps, userId);
  return effectiveSubscription(row, now);
}
