// The user's current subscription and entitlements: one indexed row read, expiring a lapsed plan on the way.
import type { Entitlements } from '@mailwright/contracts';
import { findSubscription } from '../db/queries/subscriptions';
import type { BillingDeps } from '../deps';
import { expireSubscriptionIfLapsed } from './expire-subscriptions';
import { entitlementsFor } from './plans';
import { type EffectiveSubscription, effectiveSubscription, isLapsed } from './subscription-view';

export async function readSubscription(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string): Promise<EffectiveSubscription> {
  const now = deps.now();
  const row = await findSubscription(deps.db, userId);
  if (row && isLapsed(row, now)) await expireSubscriptionIfLapsed(deps, userId);
  return effectiveSubscription(row, now);
}

export async function readEntitlements(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string): Promise<Entitlements> {
  return entitlementsFor(await readSubscription(deps, userId));
}
