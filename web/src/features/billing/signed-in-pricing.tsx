// /pricing for a signed-in user: the current plan highlighted with a disabled 'Current Plan', 'Subscribe
// Now' through the provider's checkout, 'Downgrade' after 'Confirm Plan Downgrade', and the 'Current
// Subscription' box. After any plan change the user is refreshed and sent to /dashboard.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { type Plan, type PlanId, paymentsApi } from '../../api';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../auth';
import { formatViewerDate } from '../emails/format-email-time';
import { DowngradeDialog } from './downgrade-dialog';
import { loadCheckoutScript } from './load-checkout-script';
import { planName } from './plan-catalogue';
import { planButtonLabel, planChoice } from './plan-choice';
import { PricingPlans } from './pricing-plans';
import { usePlans } from './use-plans';

const CHECKOUT_THEME_COLOR = '#4f46e5';

export function SignedInPricing() {
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const plans = usePlans();
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [downgradeTo, setDowngradeTo] = useState<Plan | null>(null);
  const currentPlan: PlanId = user?.subscription?.plan ?? 'free';
  const currentName = plans.data?.find((plan) => plan.id === currentPlan)?.name ?? planName(currentPlan);

  async function finish(message: string) {
    toast.success(message);
    await refreshUser().catch(() => undefined);
    void navigate('/dashboard');
  }

  async function subscribe(plan: Plan) {
    setBusyPlan(plan.id);
    let order: Awaited<ReturnType<typeof paymentsApi.createOrder>>;
    try {
      order = await paymentsApi.createOrder(plan.id);
    } catch {
      toast.error('Failed to initiate payment. Please try again.');
      setBusyPlan(null);
      return;
    }
    try {
      await loadCheckoutScript(order.checkoutUrl);
    } catch {
      toast.error('Failed to load payment gateway. Please try again.');
      setBusyPlan(null);
      return;
    }
    const Checkout = window.Razorpay;
    if (!Checkout) {
      toast.error('Failed to load payment gateway. Please try again.');
      setBusyPlan(null);
      return;
    }
    new Checkout({
      key: order.keyId,
      amount: order.amount,
      currency: order.currency,
      order_id: order.orderId,
      name: 'Mailwright',
      description: `${plan.name} plan (monthly)`,
      prefill: { name: user?.name, email: user?.email },
      theme: { color: CHECKOUT_THEME_COLOR },
      handler: (result) => {
        paymentsApi
          .verify({ ...result, plan: plan.id })
          .then(() => finish('Payment successful! Your subscription has been activated.'))
          .catch(() => toast.error('Payment verification failed. Please contact support.'))
          .finally(() => setBusyPlan(null));
      },
      modal: { ondismiss: () => setBusyPlan(null) },
    }).open();
  }

  async function downgrade(plan: Plan) {
    setBusyPlan(plan.id);
    try {
      await paymentsApi.downgrade(plan.id);
      setDowngradeTo(null);
      await finish(`Successfully downgraded to ${plan.name} plan!`);
    } catch {
      toast.error('Failed to downgrade plan. Please try again.');
    } finally {
      setBusyPlan(null);
    }
  }

  function choose(plan: Plan) {
    if (plan.id === 'free' && currentPlan === 'free') {
      toast.error('You are already on the free plan.');
      return;
    }
    if (planChoice(currentPlan, plan.id) === 'downgrade') setDowngradeTo(plan);
    else void subscribe(plan);
  }

  const endDate = user?.subscription?.endDate ? formatViewerDate(user.subscription.endDate) : null;
  return (
    <>
      {currentPlan !== 'free' && (
        <section
          className="mx-auto mb-10 max-w-xl rounded-xl border border-indigo-200 bg-indigo-50 p-5 text-center"
          data-testid="current-subscription"
        >
          <h2 className="text-base font-semibold text-indigo-900">Current Subscription</h2>
          <p className="mt-1 text-sm text-indigo-800">
            You are on the <strong>{currentName}</strong> plan
            {user?.subscription?.status ? ` (${user.subscription.status})` : ''}.
          </p>
          {endDate && <p className="mt-1 text-sm text-indigo-800">Renews on {endDate}</p>}
        </section>
      )}
      <PricingPlans
        currentPlanId={currentPlan}
        renderAction={(plan) => {
          const choice = planChoice(currentPlan, plan.id);
          const isBusy = busyPlan === plan.id;
          return (
            <button
              type="button"
              className={`${choice === 'subscribe' ? buttonStyles.primary : buttonStyles.secondary} w-full`}
              disabled={choice === 'current' || busyPlan !== null}
              onClick={() => choose(plan)}
            >
              {planButtonLabel(choice, isBusy)}
            </button>
          );
        }}
      />
      {downgradeTo && (
        <DowngradeDialog
          currentPlanName={currentName}
          targetPlanName={downgradeTo.name}
          isBusy={busyPlan !== null}
          onConfirm={() => void downgrade(downgradeTo)}
          onClose={() => setDowngradeTo(null)}
        />
      )}
    </>
  );
}
