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
import { checkWebhookUrl } from './check-url';
import type { WebhookDeps } from './deps';
import { serializeDelivery, serializeEndpoint } from './serialize-webhook';
import { newWebhookSecret } from './signature';

const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);

async function findOwned(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
  id: string,
): Promise<WebhookEndpointRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function listWebhooks(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(serializeEndpoint);
}

export async function getWebhook(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
  id: string,
): Promise<WebhookEndpoint> {
  return serializeEndpoint(await findOwned(deps, userId, id));
}

export async function createWebhook(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
  body: CreateWebhookBody,
): Promise<WebhookWithSecret> {
  const url = await checkWebhookUrl(body.url, deps.allowPrivateTargets);
  const secret = newWebhookSecret();
  const row = await insertWebhookEndpointWithinLimit(
    deps.db,
    {
      userId,
      url,
      events: [...new Set(body.events)],
      description: body.description?.trim() || null,
      secretSealed: deps.secrets.seal(secret),
    },
    WEBHOOK_LIMITS.endpointsPerUser,
  );
  if (!row) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
  return { ...serializeEndpoint(row), secret };
}

export async function updateWebhook(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
  id: string,
  body: UpdateWebhookBody,
): Promise<WebhookEndpoint> {
  await findOwned(deps, userId, id);
  const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
  if (body.url !== undefined) changes.url = await checkWebhookUrl(body.url, deps.allowPrivateTargets);
  if (body.events !== undefined) changes.events = [...new Set(body.events)];
  if (body.description !== undefined) changes.description = body.description.trim() || null;
  if (body.enabled === true)
    Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
  if (body.enabled === false) Object.assign(changes, { enabled: false, disabledReason: null, disabledAt: new Date() });
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return serializeEndpoint(row);
}

export async function deleteWebhook(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound();
}

export async function rotateWebhookSecret(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
  id: string,
): Promise<WebhookWithSecret> {
  await findOwned(deps, userId, id);
  const secret = newWebhookSecret();
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({ secretSealed: deps.secrets.seal(secret), updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return { ...serializeEndpoint(row), secret };
}

export async function listDeliveries(
  deps: Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>,
  userId: string,
  id: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  await findOwned(deps, userId, id);
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.userId, userId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  return rows.map(serializeDelivery);
}
