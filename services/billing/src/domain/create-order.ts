// Starts a paid checkout: a Razorpay order for the plan's monthly price, remembered for verification.
import { randomUUID } from 'node:crypto';
import type { CreateOrderResponse } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { BillingContext } from '../context';
import { insertOrder } from '../db/queries/orders';
import { alreadyOnPlan, paymentsNotConfigured, requirePlanId } from './errors';
import { comparePlans, findPlan } from './plans';
import { readSubscription } from './read-subscription';

export async function createOrder(ctx: BillingContext, userId: string, planInput: string): Promise<CreateOrderResponse> {
  const planId = requirePlanId(planInput);
  const current = await readSubscription(ctx, userId);
  if (planId === current.plan) throw alreadyOnPlan(planId);
  if (planId === 'free') {
    throw new AppError('BAD_REQUEST', 'The free plan needs no payment. Downgrade to Free to leave your paid plan.');
  }
  if (comparePlans(planId, current.plan) < 0) {
    const [from, to] = [findPlan(current.plan).name, findPlan(planId).name];
    throw new AppError('BAD_REQUEST', `You are on the ${from} plan. Downgrade to ${to} instead of paying for it.`);
  }
  if (!ctx.payments) throw paymentsNotConfigured();

  const plan = findPlan(planId);
  const id = randomUUID();
  const providerOrder = await ctx.payments.createOrder({
    amount: plan.price,
    currency: plan.currency,
    receipt: id,
    notes: { userId, plan: plan.id },
  });
  await insertOrder(ctx.db, {
    id,
    userId,
    plan: plan.id,
    amount: plan.price,
    currency: plan.currency,
    status: 'created',
    razorpayOrderId: providerOrder.id,
    createdAt: ctx.now(),
  });
  return {
    orderId: providerOrder.id,
    amount: plan.price,
    currency: plan.currency,
    keyId: ctx.payments.keyId,
    checkoutUrl: ctx.payments.checkoutUrl,
  };
}
