// One user's webhook endpoints and their recent deliveries. Every statement filters by user id.
import { and, desc, eq } from 'drizzle-orm';
import type { MailDatabase } from '../client';
import { type WebhookDeliveryRow, webhookDeliveries } from '../schema/webhook-deliveries';
import { type WebhookEndpointRow, webhookEndpoints } from '../schema/webhook-endpoints';

export type EndpointChanges = Partial<typeof webhookEndpoints.$inferInsert>;

const owned = (userId: string, id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId));

export async function findEndpoint(db: MailDatabase, userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(owned(userId, id));
  return row;
}

export function listEndpoints(db: MailDatabase, userId: string): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.createdAt);
}

export async function updateEndpoint(
  db: MailDatabase,
  userId: string,
  id: string,
  changes: EndpointChanges,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(changes).where(owned(userId, id)).returning();
  return row;
}

/** Whether an endpoint was deleted. */
export async function deleteEndpoint(db: MailDatabase, userId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(webhookEndpoints).where(owned(userId, id)).returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

export function listEndpointDeliveries(
  db: MailDatabase,
  userId: string,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.userId, userId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
}

export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

export async function insertDelivery(db: MailDatabase, delivery: NewWebhookDelivery): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
  return row;
}

/** A delivery left 'retrying' by its try ends as 'failed' (a test event is tried once). */
export async function endRetryingDelivery(db: MailDatabase, deliveryId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: null, status: 'failed' })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'retrying')));
}

export async function findDelivery(db: MailDatabase, deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  return row;
}
