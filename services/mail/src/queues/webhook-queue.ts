// The webhook delivery queue: one job per delivery, retried with the custom 'webhook' backoff for up to the
// failure window (the processor decides when to give up, so attempts is only a safety ceiling).
import type { JobsOptions } from 'bullmq';
import type { QueueDeclaration } from './queue-declaration';

export const WEBHOOK_QUEUE = 'webhooks';
export const WEBHOOK_BACKOFF = 'webhook';

export interface WebhookJobData {
  deliveryId: string;
}

export const webhookJobId = (deliveryId: string) => `wh-${deliveryId}`;

export const webhookJobOptions: JobsOptions = {
  attempts: 500,
  backoff: { type: WEBHOOK_BACKOFF },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 86_400, count: 10_000 },
};

/** `retryDelay`: the wait before a delivery's next try (the webhook retry policy, after `attemptsMade` tries). */
export function webhookQueue(retryDelay: (attemptsMade: number) => number): QueueDeclaration {
  return {
    name: WEBHOOK_QUEUE,
    // Each slot waits on one endpoint (up to WEBHOOK_TIMEOUT_MS); slow endpoints must not hold up the others.
    concurrency: () => 20,
    settings: {
      backoffStrategy: (attemptsMade: number, type?: string) =>
        type === WEBHOOK_BACKOFF ? retryDelay(attemptsMade) : 1_000 * 2 ** Math.max(0, attemptsMade - 1),
    },
  };
}
