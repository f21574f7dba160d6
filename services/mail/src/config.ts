// The mail service's and mail worker's environment, validated once at start (both processes read this module).
import { baseServiceConfig, encryptionConfig, LOOPBACK_HOST, metricsConfig, serviceUrls } from '@mailwright/kit';
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
  /** The worker's GET /metrics, /healthz and /readyz listener; 0 = do not listen (several workers on one machine). */
  WORKER_METRICS_PORT: Type.Integer({ default: 4010, minimum: 0, maximum: 65535 }),
  /** Where that listener binds: loopback unless configured; any other address requires METRICS_TOKEN. */
  WORKER_METRICS_HOST: Type.String({ default: LOOPBACK_HOST }),
  ...metricsConfig,
  /** Emails one worker process delivers at once (also the send jobs it runs at once; a batch job holds many emails). */
  WORKER_CONCURRENCY: Type.Integer({ default: 100, minimum: 1, maximum: 1000 }),
  /**
   * Pooled SMTP connections per sender account in one worker process. Each connection sends one message at a
   * time, so this (not WORKER_CONCURRENCY) bounds one worker's SMTP rate; keep it within what the SMTP server
   * allows per client (Microsoft 365 allows 3).
   */
  SMTP_MAX_CONNECTIONS: Type.Integer({ default: 5, minimum: 1, maximum: 100 }),
  /**
   * Deliveries of one Gmail or Outlook account at once in one worker process (an SMTP account's bound is its
   * SMTP_MAX_CONNECTIONS). Beyond it, emails wait without holding a worker slot.
   */
  WORKER_MAX_PER_API_ACCOUNT: Type.Integer({ default: 10, minimum: 1, maximum: 1000 }),
  /** Deliveries of one tenant (all their accounts) at once in one worker process: no tenant takes the whole worker. */
  WORKER_MAX_PER_TENANT: Type.Integer({ default: 50, minimum: 1, maximum: 1000 }),
  /**
   * Emails of one sender account in the send jobs one worker process runs at once; its further jobs step aside (a
   * short delay, nothing claimed) so one account's backlog never holds the job slots other tenants' emails need.
   */
  WORKER_MAX_BACKLOG_PER_ACCOUNT: Type.Integer({ default: 1_000, minimum: 1, maximum: 1_000_000 }),
  /** How long one delivery (connecting, sending, the server's answer) may take; past it, it is retried with backoff. */
  DELIVERY_TIMEOUT_MS: Type.Integer({ default: 60_000, minimum: 100 }),
  /** Signs tracking tokens; derived from INTERNAL_SECRET when unset. */
  TRACKING_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  /** Milliseconds between reconciler passes (re-enqueue rows whose job is missing). */
  RECONCILE_INTERVAL_MS: Type.Integer({ default: 3_000, minimum: 200 }),
  /** Seals webhook signing secrets (kit SecretBox); when unset a key is derived from INTERNAL_SECRET. */
  ENCRYPTION_KEY: Type.Optional(encryptionConfig.ENCRYPTION_KEY),
  ENCRYPTION_PREVIOUS_KEYS: encryptionConfig.ENCRYPTION_PREVIOUS_KEYS,
  /** Webhook endpoints and attachment URLs may point at loopback/private addresses (intranets, tests). */
  ALLOW_PRIVATE_TARGETS: Type.Boolean({ default: false }),
  /** An endpoint failing this long without a success is disabled; a delivery is retried this long. */
  WEBHOOK_FAILURE_WINDOW_MS: Type.Integer({ default: 86_400_000, minimum: 1_000 }),
  /** First retry delay of a failed delivery; each next one doubles, up to WEBHOOK_RETRY_MAX_DELAY_MS. */
  WEBHOOK_RETRY_BASE_MS: Type.Integer({ default: 30_000, minimum: 10 }),
  WEBHOOK_RETRY_MAX_DELAY_MS: Type.Integer({ default: 3_600_000, minimum: 10 }),
  /** How long an endpoint has to answer a delivery. */
  WEBHOOK_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  /** How long downloading one attachment URL may take. */
  ATTACHMENT_FETCH_TIMEOUT_MS: Type.Integer({ default: 15_000, minimum: 100 }),
  /** Attachment URL downloads at once in one mail process, over all requests (each holds up to 10 MB meanwhile). */
  ATTACHMENT_DOWNLOADS_MAX: Type.Integer({ default: 8, minimum: 1, maximum: 1000 }),
  /** Bytes of attachment URLs one request (a send, or a whole batch) may download in all. */
  ATTACHMENT_REQUEST_MAX_BYTES: Type.Integer({ default: 50 * 1024 * 1024, minimum: 1024 }),
});

export type Config = Static<typeof ConfigSchema>;
