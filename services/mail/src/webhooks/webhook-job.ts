// The webhook delivery job: one try per run; a failure the window still allows is thrown so BullMQ retries
// it with the 'webhook' backoff; past the window (or once the endpoint is disabled) the job ends.

import { isUuid } from '@mailwright/kit';
import { type Job, UnrecoverableError } from 'bullmq';
import type { WebhookJobData } from '../queues/webhook-queue';
import { attemptDelivery, type DeliveryDeps } from './attempt-delivery';

export function webhookProcessor(deps: DeliveryDeps) {
  return async (job: Job<WebhookJobData>): Promise<string> => {
    const deliveryId = job.data?.deliveryId;
    if (typeof deliveryId !== 'string' || !isUuid(deliveryId)) throw new UnrecoverableError('Invalid webhook job payload');
    const outcome = await attemptDelivery(deps, deliveryId);
    if (outcome === 'retry') throw new Error('webhook delivery failed; retrying');
    return outcome;
  };
}
