// /pricing (Choose Your Plan). Signed out, every button leads to /signup; signed in, the plan actions
// (subscribe, downgrade, 'Current Plan') and the 'Current Subscription' box come from SignedInPricing. While
// the session loads the buttons wait, so a signed-in user never sees the guest ones flash by.
import { Link } from 'react-router-dom';
import type { Plan } from '../../api';
import { PageHeader, PublicLayout } from '../../components/public-layout';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../../features/auth';
import { PricingPlans } from '../../features/billing/pricing-plans';
import { SignedInPricing } from '../../features/billing/signed-in-pricing';

export function PublicPlanAction({ plan }: { plan: Plan }) {
  return (
    <Link to="/signup" className={`${plan.id === 'pro' ? buttonStyles.primary : buttonStyles.secondary} w-full`}>
      {plan.id === 'free' ? 'Get Started' : 'Subscribe Now'}
    </Link>
  );
}

/** While the session loads nobody knows which buttons apply: a quiet placeholder of the same size. */
function PendingPlanAction() {
  return (
    <span
      className="block h-10 w-full animate-pulse rounded-lg bg-slate-100"
      aria-hidden="true"
      data-testid="plan-action-pending"
    />
  );
}

export function PricingPage() {
  const { status } = useAuth();
  return (
    <PublicLayout>
      <PageHeader title="Choose Your Plan" subtitle="Simple monthly pricing. Start free and upgrade when you need more." />
      <section className="mx-auto max-w-6xl px-4 pb-20 pt-4 sm:px-6 lg:px-8">
        {status === 'authenticated' ? (
          <SignedInPricing />
        ) : status === 'loading' ? (
          <PricingPlans renderAction={() => <PendingPlanAction />} />
        ) : (
          <PricingPlans renderAction={(plan) => <PublicPlanAction plan={plan} />} />
        )}
        <p className="mt-10 text-center text-sm text-slate-500">
          All plans are billed monthly in Indian rupees. Cancel any time; see our{' '}
          <Link to="/terms" className="text-indigo-600 underline hover:text-indigo-500">
            Terms of Service
          </Link>
          .
        </p>
      </section>
    </PublicLayout>
  );
}
