// The three plans as the web app states them without asking the server (spec section 1): the landing
// page's cards, a plan's name on the dashboard, profile and pricing, and the plans' order. The table is
// contracts' one copy, the same billing serves at GET /payments/plans.
import { comparePlans, PLANS } from '@mailwright/contracts';
import type { PlanId } from '../../api';

/** Cheapest first; `price` in paise per month. */
export const PLAN_CATALOGUE = PLANS;

/** The plan's display name; an id the catalogue does not know is shown as it is. */
export function planName(id: string): string {
  return PLANS.find((plan) => plan.id === id)?.name ?? id;
}

/** Position among the plans: a higher rank is a dearer plan. */
export function planRank(id: PlanId): number {
  return comparePlans(id, 'free');
}
