// The plan table of spec section 1, the one copy: billing serves it (GET /payments/plans) and the web app
// states it without asking (landing cards, plan names, the plans' order). Prices in paise; -1 = unlimited.
import type { PlanId } from './auth';
import type { Plan } from './billing';
import { FREE_ENTITLEMENTS } from './billing';

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

/** The plan with this id; an id outside the table is a programming error. */
export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`plan ${id} missing from the catalogue`);
  return plan;
}

/** Positive when `a` is a higher plan than `b`. */
export function comparePlans(a: PlanId, b: PlanId): number {
  return RANK[a] - RANK[b];
}
