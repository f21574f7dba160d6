// One of the user's endpoints by id. Every query filters by user id; another user's endpoint (or a non-uuid id)
// answers 404, as a missing one does.
import { WEBHOOK_MESSAGES } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findEndpoint } from '../db/queries/webhook-endpoints';
import type { WebhookEndpointRow } from '../db/schema/webhook-endpoints';
import type { WebhookDeps } from './deps';

export const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);

export async function findOwned(deps: Pick<WebhookDeps, 'db'>, userId: string, id: string): Promise<WebhookEndpointRow> {
  if (!isUuid(id)) throw notFound();
  const row = await findEndpoint(deps.db, userId, id);
  if (!row) throw notFound();
  return row;
}
