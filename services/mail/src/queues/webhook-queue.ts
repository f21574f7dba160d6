// The webhook delivery queue: one job per delivery, retried with the custom 'webhook' backoff for up to the
// failure window (the processor decides when to give up, so attempts is only a safety ceiling).
import type { JobsOptions } from 'bullmq';

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
