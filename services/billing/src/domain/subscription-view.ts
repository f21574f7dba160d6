// How a stored subscription reads at a given moment: a paid plan past its end date is free.
import type { PlanId, SubscriptionChangeResponse } from '@mailwright/contracts';
import type { SubscriptionRow } from '../db/tables';
import { entitlementsFor } from './plans';

export interface EffectiveSubscription {
  plan: PlanId;
  status: string;
  endDate: Date | null;
}

const FREE: EffectiveSubscription = { plan: 'free', status: 'active', endDate: null };

export function isLapsed(row: SubscriptionRow, now: Date): boolean {
  return row.plan !== 'free' && row.endDate !== null && row.endDate.getTime() <= now.getTime();
}

export function effectiveSubscription(row: SubscriptionRow | null, now: Date): EffectiveSubscription {
  if (!row || isLapsed(row, now)) return FREE;
  return { plan: row.plan, status: row.status, endDate: row.endDate };
}

export function subscriptionChangeBody(message: string, subscription: EffectiveSubscription): SubscriptionChangeResponse {
  return {
    message,
    data: {
      subscription: {
        plan: subscription.plan,
        status: subscription.status,
        endDate: subscription.endDate ? subscription.endDate.toISOString() : null,
      },
      emailQuota: { limit: entitlementsFor(subscription).emailLimit },
    },
  };
}
