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
import { AppError, isUuid } from '@mailwright/kit';
import { insertWebhookEndpointWithinLimit } from '../db/queries/insert-webhook-endpoint';
import {
  deleteEndpoint,
  type EndpointChanges,
  findEndpoint,
  listEndpointDeliveries,
  listEndpoints,
  updateEndpoint,
} from '../db/queries/webhook-endpoints';
import type { WebhookEndpointRow } from '../db/schema/webhook-endpoints';
import { checkWebhookUrl } from './check-url';
import type { WebhookDeps } from './deps';

type WebhookManagementDeps = Pick<WebhookDeps, 'db' | 'secrets' | 'allowPrivateTargets'>;

import { serializeDelivery, serializeEndpoint } from './serialize-webhook';
import { newWebhookSecret } from './signature';

const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);

async function findOwned(deps: WebhookManagementDeps, userId: string, id: string): Promise<WebhookEndpointRow> {
  if (!isUuid(id)) throw notFound();
  const row = await findEndpoint(deps.db, userId, id);
  if (!row) throw notFound();
  return row;
}

export async function listWebhooks(deps: WebhookManagementDeps, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await listEndpoints(deps.db, userId);
  return rows.map(serializeEndpoint);
}

export async function getWebhook(deps: WebhookManagementDeps, userId: string, id: string): Promise<WebhookEndpoint> {
  return serializeEndpoint(await findOwned(deps, userId, id));
}

export async function createWebhook(
  deps: WebhookManagementDeps,
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
  deps: WebhookManagementDeps,
  userId: string,
  id: string,
  body: UpdateWebhookBody,
): Promise<WebhookEndpoint> {
  await findOwned(deps, userId, id);
  const changes: EndpointChanges = { updatedAt: new Date() };
  if (body.url !== undefined) changes.url = await checkWebhookUrl(body.url, deps.allowPrivateTargets);
  if (body.events !== undefined) changes.events = [...new Set(body.events)];
  if (body.description !== undefined) changes.description = body.description.trim() || null;
  if (body.enabled === true)
    Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
  if (body.enabled === false) Object.assign(changes, { enabled: false, disabledReason: null, disabledAt: new Date() });
  const row = await updateEndpoint(deps.db, userId, id, changes);
  if (!row) throw notFound();
  return serializeEndpoint(row);
}

export async function deleteWebhook(deps: WebhookManagementDeps, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  if (!(await deleteEndpoint(deps.db, userId, id))) throw notFound();
}

export async function rotateWebhookSecret(deps: WebhookManagementDeps, userId: string, id: string): Promise<WebhookWithSecret> {
  await findOwned(deps, userId, id);
  const secret = newWebhookSecret();
  const row = await updateEndpoint(deps.db, userId, id, { secretSealed: deps.secrets.seal(secret), updatedAt: new Date() });
  if (!row) throw notFound();
  return { ...serializeEndpoint(row), secret };
}

export async function listDeliveries(
  deps: WebhookManagementDeps,
  userId: string,
  id: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  await findOwned(deps, userId, id);
  const rows = await listEndpointDeliveries(deps.db, userId, id, limit);
  return rows.map(serializeDelivery);
}
