// The plan table of spec section 1: prices in paise, limits (-1 = unlimited) and the /pricing feature list.
import { type Entitlements, FREE_ENTITLEMENTS, type Plan, type PlanId } from '@mailwright/contracts';

const feature = (text: string, included: boolean) => ({ text, included });

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    currency: 'INR',
    interval: 'month',
    emailLimit: FREE_ENTITLEMENTS.emailLimit,
    accountLimit: FREE_ENTITLEMENTS.accountLimit,
    templateLimit: FREE_ENTITLEMENTS.templateLimit,
    apiAccess: FREE_ENTITLEMENTS.apiAccess,
    popular: false,
    features: [
      feature('100 emails per month', true),
      feature('1 email account', true),
      feature('5 templates', true),
      feature('Basic analytics', true),
      feature('Email support', true),
      feature('Phone support', false),
      feature('API access', false),
      feature('Custom integrations', false),
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 2900,
    currency: 'INR',
    interval: 'month',
    emailLimit: 10_000,
    accountLimit: -1,
    templateLimit: -1,
    apiAccess: true,
    popular: true,
    features: [
      feature('10,000 emails per month', true),
      feature('Unlimited email accounts', true),
      feature('Unlimited templates', true),
      feature('Advanced analytics', true),
      feature('Priority support', true),
      feature('Phone support', true),
      feature('API access', true),
      feature('Custom integrations', false),
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 9900,
    currency: 'INR',
    interval: 'month',
    emailLimit: -1,
    accountLimit: -1,
    templateLimit: -1,
    apiAccess: true,
    popular: false,
    features: [
      feature('Unlimited emails', true),
      feature('Unlimited email accounts', true),
      feature('Unlimited templates', true),
      feature('Advanced analytics', true),
      feature('Dedicated support', true),
      feature('Phone support', true),
      feature('API access', true),
      feature('Custom integrations', true),
    ],
  },
];

const RANK: Record<PlanId, number> = { free: 0, pro: 1, enterprise: 2 };

export function isPlanId(value: string): value is PlanId {
  return Object.hasOwn(RANK, value);
}

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`plan ${id} missing from the catalogue`);
  return plan;
}

/** Positive when `a` is a higher plan than `b`. */
export function comparePlans(a: PlanId, b: PlanId): number {
  return RANK[a] - RANK[b];
}

/** What a subscription allows; a lapsed or missing subscription is the free plan. */
export function entitlementsFor(subscription: { plan: PlanId; status: string; endDate: Date | null } | null): Entitlements {
  if (!subscription || subscription.plan === 'free') return FREE_ENTITLEMENTS;
  const plan = findPlan(subscription.plan);
  return {
    plan: plan.id,
    status: subscription.status,
    endDate: subscription.endDate ? subscription.endDate.toISOString() : null,
    emailLimit: plan.emailLimit,
    accountLimit: plan.accountLimit,
    templateLimit: plan.templateLimit,
    apiAccess: plan.apiAccess,
  };
}
