// POST /webhooks/:id/rotate-secret: a new signing secret, shown only in this answer.
import type { WebhookWithSecret } from '@mailwright/contracts';
import { updateEndpoint } from '../db/queries/webhook-endpoints';
import type { WebhookDeps } from './deps';
import { findOwned, notFound } from './find-owned-endpoint';
import { serializeEndpoint } from './serialize-webhook';
import { newWebhookSecret } from './signature';

export async function rotateWebhookSecret(
  deps: Pick<WebhookDeps, 'db' | 'secrets'>,
  userId: string,
  id: string,
): Promise<WebhookWithSecret> {
  await findOwned(deps, userId, id);
  const secret = newWebhookSecret();
  const row = await updateEndpoint(deps.db, userId, id, { secretSealed: deps.secrets.seal(secret), updatedAt: new Date() });
  if (!row) throw notFound();
  return { ...serializeEndpoint(row), secret };
}
