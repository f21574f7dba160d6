// Reads and writes of the one-row-per-user subscription, and its history.
import type { PlanId } from '@mailwright/contracts';
import { and, eq, lte, ne } from 'drizzle-orm';
import type { Executor } from '../client';
import { type SubscriptionChangeReason, type SubscriptionRow, subscriptionHistory, subscriptions } from '../tables';

export async function findSubscription(db: Executor, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row ?? null;
}

/** Locks the user's row (when there is one) for the rest of the transaction. */
export async function lockSubscription(db: Executor, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1).for('update');
  return row ?? null;
}

export interface SubscriptionChange {
  userId: string;
  fromPlan: PlanId;
  toPlan: PlanId;
  endDate: Date | null;
  reason: SubscriptionChangeReason;
  orderId?: string | null;
  now: Date;
}

/** Sets the user's plan and records the change; call inside a transaction. */
export async function writeSubscription(db: Executor, change: SubscriptionChange): Promise<SubscriptionRow> {
  const values = {
    userId: change.userId,
    plan: change.toPlan,
    status: 'active',
    startDate: change.now,
    endDate: change.endDate,
    updatedAt: change.now,
  };
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning();
  await db.insert(subscriptionHistory).values({
    userId: change.userId,
    fromPlan: change.fromPlan,
    toPlan: change.toPlan,
    reason: change.reason,
    orderId: change.orderId ?? null,
    endDate: change.endDate,
    createdAt: change.now,
  });
  if (!row) throw new Error('subscription upsert returned no row');
  return row;
}

/** Paid subscriptions whose end date has passed, locked; rows another sweep holds are skipped. */
export async function lockExpiredSubscriptions(db: Executor, now: Date, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(ne(subscriptions.plan, 'free'), lte(subscriptions.endDate, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function listSubscriptionHistory(db: Executor, userId: string) {
  return db
    .select()
    .from(subscriptionHistory)
    .where(eq(subscriptionHistory.userId, userId))
    .orderBy(subscriptionHistory.createdAt);
}
