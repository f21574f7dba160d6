// DELETE /webhooks/:id.
import { isUuid } from '@mailwright/kit';
import { deleteEndpoint } from '../db/queries/webhook-endpoints';
import type { WebhookDeps } from './deps';
import { notFound } from './find-owned-endpoint';

export async function deleteWebhook(deps: Pick<WebhookDeps, 'db'>, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  if (!(await deleteEndpoint(deps.db, userId, id))) throw notFound();
}
