// The queues the HTTP service adds jobs to, on one connection that fails fast: a Redis outage never holds a
// request (the outbox covers it: the reconciler enqueues stored emails that have no job).
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { producerConnection } from '../adapters/redis-connection';
import type { Config } from '../config';
import { openQueue } from './open-queue';
import { SEND_QUEUE, type SendJobData } from './send-queue';
import { TRACKING_QUEUE, type TrackingJobData } from './tracking-queue';
import { WEBHOOK_QUEUE, type WebhookJobData } from './webhook-queue';

export interface ProducerQueues {
  redis: Redis;
  send: Queue<SendJobData>;
  tracking: Queue<TrackingJobData>;
  webhooks: Queue<WebhookJobData>;
  /** Logs connection and queue errors (they are retried by ioredis; the log says which queue). */
  logErrors(log: FastifyBaseLogger): void;
  close(): Promise<void>;
}

export function openProducerQueues(config: Pick<Config, 'REDIS_URL' | 'QUEUE_PREFIX'>): ProducerQueues {
  const redis = producerConnection(config.REDIS_URL);
  const send = openQueue<SendJobData>(SEND_QUEUE, redis, config.QUEUE_PREFIX);
  const tracking = openQueue<TrackingJobData>(TRACKING_QUEUE, redis, config.QUEUE_PREFIX);
  const webhooks = openQueue<WebhookJobData>(WEBHOOK_QUEUE, redis, config.QUEUE_PREFIX);
  const all = [send, tracking, webhooks];
  return {
    redis,
    send,
    tracking,
    webhooks,
    logErrors(log) {
      redis.on('error', (error) => log.warn({ err: error }, 'redis connection error; sends are still accepted'));
      for (const queue of all) queue.on('error', (error) => log.warn({ err: error, queue: queue.name }, 'queue error'));
    },
    async close() {
      await Promise.allSettled(all.map((queue) => queue.close()));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
