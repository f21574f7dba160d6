// PATCH /webhooks/:id: URL, events, description; enabled: true re-enables a disabled endpoint and clears why.
import type { UpdateWebhookBody, WebhookEndpoint } from '@mailwright/contracts';
import { type EndpointChanges, updateEndpoint } from '../db/queries/webhook-endpoints';
import { checkWebhookUrl } from './check-url';
import type { WebhookDeps } from './deps';
import { findOwned, notFound } from './find-owned-endpoint';
import { serializeEndpoint } from './serialize-webhook';

export async function updateWebhook(
  deps: Pick<WebhookDeps, 'db' | 'allowPrivateTargets'>,
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
