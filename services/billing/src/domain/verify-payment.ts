// Checkout came back: check Razorpay's signature, then activate the plan the order was for.
import { PAYMENT_SUCCESS_MESSAGE, type SubscriptionChangeResponse, type VerifyPaymentBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { findOrderByRazorpayId } from '../db/queries/orders';
import type { BillingDeps } from '../deps';
import { activatePaidOrder } from './activate-paid-order';
import { paymentsNotConfigured, requirePlanId } from './errors';
import { findPlan } from './plans';
import { readSubscription } from './read-subscription';
import { isValidPaymentSignature } from './signatures';
import { subscriptionChangeBody } from './subscription-view';

export async function verifyPayment(
  deps: Pick<BillingDeps, 'db' | 'now' | 'payments'>,
  userId: string,
  body: VerifyPaymentBody,
): Promise<SubscriptionChangeResponse> {
  if (!deps.payments) throw paymentsNotConfigured();
  const planId = requirePlanId(body.plan);
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!isValidPaymentSignature(deps.payments.keySecret, orderId, paymentId, signature)) {
    throw new AppError('BAD_REQUEST', 'Payment verification failed: the payment signature is not valid.');
  }
  const order = await findOrderByRazorpayId(deps.db, orderId);
  if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.plan !== planId) {
    throw new AppError('BAD_REQUEST', `This order is for the ${findPlan(order.plan).name} plan, not ${findPlan(planId).name}.`);
  }
  // A replayed verification (or one after the webhook already activated this payment) changes nothing.
  if (order.status === 'paid' && order.razorpayPaymentId !== paymentId) {
    throw new AppError('CONFLICT', 'This order has already been paid with another payment.');
  }
  if (order.status !== 'paid') {
    const now = deps.now();
    await deps.db.transaction((tx) => activatePaidOrder(tx, order, paymentId, now, 'payment'));
  }
  return subscriptionChangeBody(PAYMENT_SUCCESS_MESSAGE, await readSubscription(deps, userId));
}
