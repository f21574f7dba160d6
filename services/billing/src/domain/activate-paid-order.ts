// Turns a paid order into the user's subscription for one month. Shared by checkout verification and
// the webhook, whichever arrives first; the order flips to paid once, so the second is a no-op.
import type { Executor } from '../db/client';
import { markOrderPaid } from '../db/queries/orders';
import { lockSubscription, writeSubscription } from '../db/queries/subscriptions';
import type { OrderRow } from '../db/tables';
import { addOneMonth } from './billing-period';
import { effectiveSubscription } from './subscription-view';

export type ActivationResult = 'activated' | 'already-paid';

/** Call inside a transaction. */
export async function activatePaidOrder(
  tx: Executor,
  order: OrderRow,
  razorpayPaymentId: string,
  now: Date,
  reason: 'payment' | 'webhook',
): Promise<ActivationResult> {
  const paid = await markOrderPaid(tx, order.id, razorpayPaymentId, now);
  if (!paid) return 'already-paid';
  const current = effectiveSubscription(await lockSubscription(tx, order.userId), now);
  await writeSubscription(tx, {
    userId: order.userId,
    fromPlan: current.plan,
    toPlan: order.plan,
    endDate: addOneMonth(now),
    reason,
    orderId: order.id,
    now,
  });
  return 'activated';
}
