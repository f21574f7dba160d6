// GET /webhooks/:id/deliveries: the endpoint's recent deliveries, newest first, with every attempt.
import type { WebhookDelivery } from '@mailwright/contracts';
import { listEndpointDeliveries } from '../db/queries/webhook-endpoints';
import type { WebhookDeps } from './deps';
import { findOwned } from './find-owned-endpoint';
import { serializeDelivery } from './serialize-webhook';

export async function listDeliveries(
  deps: Pick<WebhookDeps, 'db'>,
  userId: string,
  id: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  await findOwned(deps, userId, id);
  const rows = await listEndpointDeliveries(deps.db, userId, id, limit);
  return rows.map(serializeDelivery);
}
