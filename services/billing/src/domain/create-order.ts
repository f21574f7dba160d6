// Starts a paid checkout: a Razorpay order for the plan's monthly price, remembered for verification.
import { randomUUID } from 'node:crypto';
import type { CreateOrderResponse } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { insertOrder } from '../db/queries/orders';
import type { BillingDeps } from '../deps';
import { alreadyOnPlan, paymentsNotConfigured, requirePlanId } from './errors';
import { comparePlans, findPlan } from './plans';
import { readSubscription } from './read-subscription';

export async function createOrder(
  deps: Pick<BillingDeps, 'db' | 'now' | 'payments'>,
  userId: string,
  planInput: string,
): Promise<CreateOrderResponse> {
  const planId = requirePlanId(planInput);
  const current = await readSubscription(deps, userId);
  if (planId === current.plan) throw alreadyOnPlan(planId);
  if (planId === 'free') {
    throw new AppError('BAD_REQUEST', 'The free plan needs no payment. Downgrade to Free to leave your paid plan.');
  }
  if (comparePlans(planId, current.plan) < 0) {
    const [from, to] = [findPlan(current.plan).name, findPlan(planId).name];
    throw new AppError('BAD_REQUEST', `You are on the ${from} plan. Downgrade to ${to} instead of paying for it.`);
  }
  if (!deps.payments) throw paymentsNotConfigured();

  const plan = findPlan(planId);
  const id = randomUUID();
  const providerOrder = await deps.payments.createOrder({
    amount: plan.price,
    currency: plan.currency,
    receipt: id,
    notes: { userId, plan: plan.id },
  });
  await insertOrder(deps.db, {
    id,
    userId,
    plan: plan.id,
    amount: plan.price,
    currency: plan.currency,
    status: 'created',
    razorpayOrderId: providerOrder.id,
    createdAt: deps.now(),
  });
  return {
    orderId: providerOrder.id,
    amount: plan.price,
    currency: plan.currency,
    keyId: deps.payments.keyId,
    checkoutUrl: deps.payments.checkoutUrl,
  };
}
