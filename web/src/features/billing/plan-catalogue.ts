// The three plans as the web app states them without asking the server (spec section 1): the landing
// page's cards, a plan's name on the dashboard, profile and pricing, and the plans' order. It is the
// shape and content of billing's table (GET /payments/plans); when that table moves into
// @mailwright/contracts, this module re-exports it instead of holding the web's one copy.
import type { Plan, PlanId } from '../../api';

export type CataloguePlan = Pick<Plan, 'id' | 'name' | 'price' | 'popular' | 'features'>;

const feature = (text: string, included: boolean) => ({ text, included });

/** Cheapest first; `price` in paise per month. */
export const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
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

/** The plan's display name; an id the catalogue does not know is shown as it is. */
export function planName(id: string): string {
  return PLAN_CATALOGUE.find((plan) => plan.id === id)?.name ?? id;
}

/** Position in the catalogue: a higher rank is a dearer plan. */
export function planRank(id: PlanId): number {
  return PLAN_CATALOGUE.findIndex((plan) => plan.id === id);
}
