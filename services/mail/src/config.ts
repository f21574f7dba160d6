// The mail service's and mail worker's environment, validated once at start (both processes read this module).
import { baseServiceConfig, encryptionConfig, LOOPBACK_HOST, metricsConfig, serviceUrls } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';

export const ConfigSchema = Type.Object({
  ...baseServiceConfig,
  ...serviceUrls,
  MAIL_PORT: Type.Integer({ default: 4004, minimum: 0, maximum: 65535 }),
  /** The gateway, whose edge authorizer this service asks about the API keys of sends the edge forwards straight here. */
  GATEWAY_URL: Type.String({ default: 'http://127.0.0.1:8080', pattern: '^https?://' }),
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
  /** The worker's heap grows by this % of what survived a full GC before the next one (0: V8's own, up to 300). */
  WORKER_HEAP_GROWING_PERCENT: Type.Integer({ default: 50, minimum: 0, maximum: 300 }),
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
  /** Read senders' mailboxes for bounces, complaints and replies (issue 21) in this worker. */
  FEEDBACK_ENABLED: Type.Boolean({ default: true }),
  /** How often the list of mailboxes to read is walked (a mailbox idling over IMAP hears of new mail at once). */
  FEEDBACK_POLL_MS: Type.Integer({ default: 30_000, minimum: 100 }),
  /** Mailboxes one worker reads at once (idling IMAP connections do not count). */
  FEEDBACK_CONCURRENCY: Type.Integer({ default: 4, minimum: 1, maximum: 100 }),
  /** IMAP connections one worker keeps idling between reads; beyond it, those mailboxes are polled. */
  FEEDBACK_MAX_IDLE: Type.Integer({ default: 100, minimum: 0, maximum: 10_000 }),
  /** Messages per page (one IMAP FETCH, one Gmail list/history page, one Graph delta page). */
  FEEDBACK_PAGE_SIZE: Type.Integer({ default: 100, minimum: 1, maximum: 500 }),
  /** Messages one mailbox's turn looks at before the next mailbox gets the slot. */
  FEEDBACK_TURN_MESSAGES: Type.Integer({ default: 2_000, minimum: 1 }),
  /** How long one mailbox's turn may last. */
  FEEDBACK_TURN_MS: Type.Integer({ default: 60_000, minimum: 100 }),
  /** The one-reader-per-mailbox lease; renewed at a third of it while reading or idling. */
  FEEDBACK_LEASE_MS: Type.Integer({ default: 60_000, minimum: 1_000 }),
  /** Gmail quota units per mailbox per second (Gmail allows 250 per user; the margin serves its sends). */
  FEEDBACK_GMAIL_UNITS_PER_SECOND: Type.Integer({ default: 200, minimum: 1 }),
  /** Graph requests per mailbox per 10 minutes (Graph allows 10,000), and per second. */
  FEEDBACK_GRAPH_REQUESTS_PER_10_MINUTES: Type.Integer({ default: 8_000, minimum: 1 }),
  FEEDBACK_GRAPH_REQUESTS_PER_SECOND: Type.Integer({ default: 20, minimum: 1 }),
  /** IMAP pages per mailbox per second. */
  FEEDBACK_IMAP_PAGES_PER_SECOND: Type.Integer({ default: 4, minimum: 1 }),
  /**
   * Months of emails kept before the current one (issue 25): mail.emails is partitioned by month, and a month older
   * than this is dropped with its events, attachments and sources. 0 keeps every month.
   */
  MAIL_RETENTION_MONTHS: Type.Integer({ default: 13, minimum: 0, maximum: 1200 }),
  /** How often the worker creates the coming months' partitions and drops expired ones (also once at start). */
  MAIL_PARTITION_MAINTENANCE_MS: Type.Integer({ default: 86_400_000, minimum: 1_000 }),
  /**
   * When set, a directory where an expired month of emails is archived before it is dropped
   * (emails_YYYY_MM.ndjson.gz and email_events_YYYY_MM.ndjson.gz); a month whose archive fails is kept and retried.
   */
  MAIL_ARCHIVE_DIR: Type.Optional(Type.String({ minLength: 1 })),
});

export type Config = Static<typeof ConfigSchema>;
