// POST /webhooks: registers an endpoint while the user is under the limit; the secret is shown only now.
import { type CreateWebhookBody, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookWithSecret } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { insertWebhookEndpointWithinLimit } from '../db/queries/insert-webhook-endpoint';
import { checkWebhookUrl } from './check-url';
import type { WebhookDeps } from './deps';
import { serializeEndpoint } from './serialize-webhook';
import { newWebhookSecret } from './signature';

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
