// GET /webhooks: the user's endpoints, oldest first.
import type { WebhookEndpoint } from '@mailwright/contracts';
import { listEndpoints } from '../db/queries/webhook-endpoints';
import type { WebhookDeps } from './deps';
import { serializeEndpoint } from './serialize-webhook';

export async function listWebhooks(deps: Pick<WebhookDeps, 'db'>, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await listEndpoints(deps.db, userId);
  return rows.map(serializeEndpoint);
}
