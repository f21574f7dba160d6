// POST /webhooks/:id/test: one signed 'webhook.test' delivery, tried once right away; the answer is its record.
import { randomUUID } from 'node:crypto';
import type { WebhookDelivery } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { endRetryingDelivery, findDelivery, findEndpoint, insertDelivery } from '../db/queries/webhook-endpoints';
import { attemptDelivery } from './attempt-delivery';
import type { WebhookDeps } from './deps';
import { serializeDelivery } from './serialize-webhook';

export async function sendTestDelivery(
  deps: Pick<WebhookDeps, 'db' | 'delivery'>,
  userId: string,
  id: string,
): Promise<WebhookDelivery> {
  const endpoint = isUuid(id) ? await findEndpoint(deps.db, userId, id) : undefined;
  if (!endpoint) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  if (!endpoint.enabled) throw new AppError('CONFLICT', 'Enable the endpoint before sending a test event');
  const eventId = randomUUID();
  const delivery = await insertDelivery(deps.db, {
    endpointId: endpoint.id,
    userId,
    eventId,
    event: 'webhook.test',
    payload: {
      id: eventId,
      type: 'webhook.test',
      createdAt: new Date().toISOString(),
      data: { message: 'This is a test event from Mailwright.', endpointId: endpoint.id },
    },
  });
  if (!delivery) throw new Error('delivery insert returned nothing');
  // A test is one try: never retried, and never the attempt that disables the endpoint.
  await attemptDelivery(
    { ...deps.delivery, policy: { ...deps.delivery.policy, windowMs: Number.MAX_SAFE_INTEGER } },
    delivery.id,
  );
  await endRetryingDelivery(deps.db, delivery.id);
  const after = await findDelivery(deps.db, delivery.id);
  return serializeDelivery(after ?? delivery);
}
