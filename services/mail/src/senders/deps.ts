// What the senders' internal routes need: the limiter's counts, the held emails, their jobs and webhook events.
import type { Queue } from 'bullmq';
import type pg from 'pg';
import type { SenderLimiter } from '../delivery/sender-limiter';
import type { SendJobData } from '../queues/send-queue';
import type { WebhookEvents } from '../webhooks/webhook-events';

export interface SendersDeps {
  pool: pg.Pool;
  limiter: SenderLimiter;
  sendJobs: Queue<SendJobData>;
  webhooks: WebhookEvents;
}
