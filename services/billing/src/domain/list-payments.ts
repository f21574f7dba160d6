// A user's checkout history: every order with its amount, status and Razorpay ids, newest first.
import type { PaymentRecord } from '@mailwright/contracts';
import { listOrders } from '../db/queries/orders';
import type { BillingDeps } from '../deps';

const HISTORY_LIMIT = 200;

export async function listPayments(deps: Pick<BillingDeps, 'db'>, userId: string): Promise<PaymentRecord[]> {
  const rows = await listOrders(deps.db, userId, HISTORY_LIMIT);
  return rows.map((row) => ({
    _id: row.id,
    id: row.id,
    plan: row.plan,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    orderId: row.razorpayOrderId,
    paymentId: row.razorpayPaymentId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  }));
}
