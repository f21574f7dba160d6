// Checkout orders: one row per Razorpay order, marked paid exactly once.
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../client';
import { type OrderRow, orders } from '../tables';

export async function insertOrder(db: Executor, order: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('order insert returned no row');
  return row;
}

export async function findOrderByRazorpayId(db: Executor, razorpayOrderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId)).limit(1);
  return row ?? null;
}

/**
 * Marks an order paid unless it already is (null then: verify and webhook raced, or a replay).
 * A failed order can still be paid: checkout lets the user retry the same order after a failure.
 */
export async function markOrderPaid(
  db: Executor,
  orderId: string,
  razorpayPaymentId: string,
  now: Date,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'paid', razorpayPaymentId, paidAt: now })
    .where(and(eq(orders.id, orderId), ne(orders.status, 'paid')))
    .returning();
  return row ?? null;
}

export async function markOrderFailed(db: Executor, orderId: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'failed' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'created')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function listOrders(db: Executor, userId: string, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}
