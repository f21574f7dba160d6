// GET /webhooks/:id: one of the user's endpoints.
import type { WebhookEndpoint } from '@mailwright/contracts';
import type { WebhookDeps } from './deps';
import { findOwned } from './find-owned-endpoint';
import { serializeEndpoint } from './serialize-webhook';

export async function getWebhook(deps: Pick<WebhookDeps, 'db'>, userId: string, id: string): Promise<WebhookEndpoint> {
  return serializeEndpoint(await findOwned(deps, userId, id));
}
