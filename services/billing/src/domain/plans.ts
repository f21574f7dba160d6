// What a subscription allows, read from the plan table in contracts.
import { type Entitlements, FREE_ENTITLEMENTS, findPlan, type PlanId } from '@mailwright/contracts';

export { comparePlans, findPlan, isPlanId, PLANS } from '@mailwright/contracts';

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
