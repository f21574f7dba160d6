// The record of Razorpay webhook events already handled.
import { eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { webhookEvents } from '../tables';

/** Claims an event id; false when it was recorded before (a retry or duplicate delivery). */
export async function claimWebhookEvent(db: Executor, eventId: string, event: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ eventId, event, outcome: 'processing', receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length > 0;
}

export async function recordWebhookOutcome(db: Executor, eventId: string, outcome: string): Promise<void> {
  await db.update(webhookEvents).set({ outcome }).where(eq(webhookEvents.eventId, eventId));
}
