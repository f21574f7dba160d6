// Webhook endpoints of one user: list, create, update, delete, rotate the secret, recent deliveries.
// Every query filters by user id; another user's endpoint (or a non-uuid id) answers 404.
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { and, desc, eq } from 'drizzle-orm';
import { insertWebhookEndpointWithinLimit } from '../db/queries/insert-webhook-endpoint';
import { webhookDeliveries } from '../db/schema/webhook-deliveries';
import { type WebhookEndpointRow, webhookEndpoints } from '../db/schema/webhook-endpoints';
import { isUuid } from '../emails/get-email';
import type { MailContext } from '../mail-context';
import { checkWebhookUrl } from './check-url';
import { serializeDelivery, serializeEndpoint } from './serialize-webhook';
import { newWebhookSecret } from './signature';

const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);

async function findOwned(ctx: MailContext, userId: string, id: string): Promise<WebhookEndpointRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function listWebhooks(ctx: MailContext, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(serializeEndpoint);
}

export async function getWebhook(ctx: MailContext, userId: string, id: string): Promise<WebhookEndpoint> {
  return serializeEndpoint(await findOwned(ctx, userId, id));
}

export async function createWebhook(ctx: MailContext, userId: string, body: CreateWebhookBody): Promise<WebhookWithSecret> {
  const url = await checkWebhookUrl(body.url, ctx.config.ALLOW_PRIVATE_TARGETS);
  const secret = newWebhookSecret();
  const row = await insertWebhookEndpointWithinLimit(
    ctx.db,
    {
      userId,
      url,
      events: [...new Set(body.events)],
      description: body.description?.trim() || null,
      secretSealed: ctx.webhookSecrets.seal(secret),
    },
    WEBHOOK_LIMITS.endpointsPerUser,
  );
  if (!row) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
  return { ...serializeEndpoint(row), secret };
}

export async function updateWebhook(
  ctx: MailContext,
  userId: string,
  id: string,
  body: UpdateWebhookBody,
): Promise<WebhookEndpoint> {
  await findOwned(ctx, userId, id);
  const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
  if (body.url !== undefined) changes.url = await checkWebhookUrl(body.url, ctx.config.ALLOW_PRIVATE_TARGETS);
  if (body.events !== undefined) changes.events = [...new Set(body.events)];
  if (body.description !== undefined) changes.description = body.description.trim() || null;
  if (body.enabled === true)
    Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
  if (body.enabled === false) Object.assign(changes, { enabled: false, disabledReason: null, disabledAt: new Date() });
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return serializeEndpoint(row);
}

export async function deleteWebhook(ctx: MailContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound();
}

export async function rotateWebhookSecret(ctx: MailContext, userId: string, id: string): Promise<WebhookWithSecret> {
  await findOwned(ctx, userId, id);
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ secretSealed: ctx.webhookSecrets.seal(secret), updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return { ...serializeEndpoint(row), secret };
}

export async function listDeliveries(ctx: MailContext, userId: string, id: string, limit: number): Promise<WebhookDelivery[]> {
  await findOwned(ctx, userId, id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.userId, userId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  return rows.map(serializeDelivery);
}
