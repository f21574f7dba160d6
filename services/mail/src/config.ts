// The mail service's and mail worker's environment, validated once at start (both processes read this module).
import { baseServiceConfig, serviceUrls } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';

export const ConfigSchema = Type.Object({
  ...baseServiceConfig,
  ...serviceUrls,
  MAIL_PORT: Type.Integer({ default: 4004, minimum: 0, maximum: 65535 }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379', pattern: '^rediss?://' }),
  /** How users reach the gateway: tracking pixels and links in sent emails point here. */
  PUBLIC_URL: Type.String({ default: 'http://localhost:8080', pattern: '^https?://' }),
  /** Prefix of every BullMQ key, so several installations (or test files) can share one Redis. */
  QUEUE_PREFIX: Type.String({ default: 'mailwright', pattern: '^[A-Za-z0-9_.:-]+$' }),
  /** Send jobs one worker process runs at once. */
  WORKER_CONCURRENCY: Type.Integer({ default: 100, minimum: 1, maximum: 1000 }),
  /** Signs tracking tokens; derived from INTERNAL_SECRET when unset. */
  TRACKING_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  /** Milliseconds between reconciler passes (re-enqueue rows whose job is missing). */
  RECONCILE_INTERVAL_MS: Type.Integer({ default: 3_000, minimum: 200 }),
});

export type Config = Static<typeof ConfigSchema>;
