// The user's current subscription and entitlements: one indexed row read, expiring a lapsed plan on the way.
import type { Entitlements } from '@mailwright/contracts';
import type { BillingContext } from '../context';
import { findSubscription } from '../db/queries/subscriptions';
import { expireSubscriptionIfLapsed } from './expire-subscriptions';
import { entitlementsFor } from './plans';
import { type EffectiveSubscription, effectiveSubscription, isLapsed } from './subscription-view';

export async function readSubscription(ctx: BillingContext, userId: string): Promise<EffectiveSubscription> {
  const now = ctx.now();
  const row = await findSubscription(ctx.db, userId);
  if (row && isLapsed(row, now)) await expireSubscriptionIfLapsed(ctx, userId);
  return effectiveSubscription(row, now);
}

export async function readEntitlements(ctx: BillingContext, userId: string): Promise<Entitlements> {
  return entitlementsFor(await readSubscription(ctx, userId));
}
