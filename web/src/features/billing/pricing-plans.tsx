// The /pricing plan grid: loads the stored plans and renders one card each. What each card's button
// does is decided by `renderAction`, so the signed-in behaviour (web part 2) plugs in without changes here.
import type { ReactNode } from 'react';
import type { Plan } from '../../api';
import { Spinner } from '../../components/spinner';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { formatPlanPrice } from './format-price';
import { PlanCard } from './plan-card';
import { usePlans } from './use-plans';

export const PLANS_FETCH_FAILED = 'Failed to fetch plans';

interface PricingPlansProps {
  renderAction: (plan: Plan) => ReactNode;
  /** The plan to highlight as the user's current one. */
  currentPlanId?: Plan['id'];
}

export function PricingPlans({ renderAction, currentPlanId }: PricingPlansProps) {
  const { data: plans, isPending, isError } = usePlans();

  useLoadErrorNotice(isError, PLANS_FETCH_FAILED, 'plans-fetch-failed');

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading plans" />
      </div>
    );
  }
  if (isError || !plans) {
    return (
      <p className="py-16 text-center text-slate-600" role="alert">
        {PLANS_FETCH_FAILED}
      </p>
    );
  }
  return (
    <div className="grid gap-8 md:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          testId={`plan-${plan.id}`}
          name={plan.name}
          price={formatPlanPrice(plan.price)}
          features={plan.features}
          isPopular={plan.popular}
          isHighlighted={plan.id === currentPlanId}
          action={renderAction(plan)}
        />
      ))}
    </div>
  );
}
