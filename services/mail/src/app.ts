// Builds the mail service: send, email log, analytics, tracking and quota routes on the shared service plumbing.
import { BillingEntitlements, createDatabase, createServiceApp, type EntitlementsSource, InternalClient } from '@mailwright/kit';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { AccountsClient } from './adapters/accounts-client';
import { producerConnection } from './adapters/redis-connection';
import { TemplatesClient } from './adapters/templates-client';
import type { Config } from './config';
import type { MailDatabase } from './db/client';
import * as tables from './db/tables';
import type { MailContext } from './mail-context';
import { EmailIntake } from './outbox/email-intake';
import { SendProducer } from './outbox/send-producer';
import { SEND_QUEUE, type SendQueueData, TRACKING_QUEUE, type TrackingJobData } from './queues/queue-config';
import { WEBHOOK_QUEUE, type WebhookJobData } from './queues/webhook-queue';
import { batchSendRoutes } from './routes/batch-send';
import { emailRoutes } from './routes/emails';
import { internalQuotaRoutes } from './routes/internal-quota';
import { internalTrackingRoutes } from './routes/internal-tracking';
import { sendRoutes } from './routes/send';
import { trackingRoutes } from './routes/tracking';
import { webhookRoutes } from './routes/webhooks';
import { ATTACHMENT_DOWNLOADS_PER_REQUEST, AttachmentDownloads } from './sending/attachments/attachment-downloads';
import { TrackingBuffer } from './tracking/tracking-buffer';
import { TrackingTokens } from './tracking/tracking-token';
import { webhookSecretBox } from './webhooks/secret-box';
import { WebhookEvents } from './webhooks/webhook-events';

export interface BuildOverrides {
  entitlements?: EntitlementsSource;
}

export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const db = createDatabase(config.DATABASE_URL, tables, { max: 20 }) as MailDatabase;
  const redis = producerConnection(config.REDIS_URL);
  redis.on('error', () => {}); // reconnects by itself; sends keep being accepted (outbox)
  const sendQueue = new Queue<SendQueueData>(SEND_QUEUE, { connection: redis, prefix: config.QUEUE_PREFIX });
  const trackingQueue = new Queue<TrackingJobData>(TRACKING_QUEUE, { connection: redis, prefix: config.QUEUE_PREFIX });
  const webhookQueue = new Queue<WebhookJobData>(WEBHOOK_QUEUE, { connection: redis, prefix: config.QUEUE_PREFIX });
  sendQueue.on('error', () => {});
  trackingQueue.on('error', () => {});
  webhookQueue.on('error', () => {});

  const app = createServiceApp({
    name: 'mail',
    // Attachments: 10 MB decoded is ~13.4 MB of base64 (the gateway caps /api/emails bodies at 16 MB).
    bodyLimit: 16 * 1024 * 1024,
    internalSecret: config.INTERNAL_SECRET,
    metricsToken: config.METRICS_TOKEN,
    logLevel: config.LOG_LEVEL,
    readiness: {
      postgres: () => db.$client.query('select 1'),
      redis: () => redis.ping(),
    },
  });

  const internal = new InternalClient(config.INTERNAL_SECRET, 'mail');
  const sendProducer = new SendProducer(sendQueue, app.log);
  const context: MailContext = {
    config,
    db,
    pool: db.$client,
    accounts: new AccountsClient(internal, config.ACCOUNTS_URL),
    templates: new TemplatesClient(internal, config.TEMPLATES_URL),
    entitlements: overrides.entitlements ?? new BillingEntitlements(internal, config.BILLING_URL),
    sendProducer,
    intake: new EmailIntake(db.$client, sendProducer),
    trackingBuffer: new TrackingBuffer(trackingQueue, app.log),
    attachmentDownloads: new AttachmentDownloads({
      processConcurrency: config.ATTACHMENT_DOWNLOADS_MAX,
      requestConcurrency: ATTACHMENT_DOWNLOADS_PER_REQUEST,
      requestBytes: config.ATTACHMENT_REQUEST_MAX_BYTES,
    }),
    tokens: TrackingTokens.fromConfig(config),
    log: app.log,
    webhookSecrets: webhookSecretBox(config),
    webhooks: new WebhookEvents(db.$client, webhookQueue, (error) => app.log.warn({ err: error }, 'webhook event not stored')),
    webhookDelivery: {
      pool: db.$client,
      box: webhookSecretBox(config),
      allowPrivate: config.ALLOW_PRIVATE_TARGETS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      policy: {
        baseMs: config.WEBHOOK_RETRY_BASE_MS,
        maxDelayMs: config.WEBHOOK_RETRY_MAX_DELAY_MS,
        windowMs: config.WEBHOOK_FAILURE_WINDOW_MS,
      },
    },
  };
  app.decorate('mail', context);

  sendRoutes(app);
  emailRoutes(app);
  trackingRoutes(app);
  internalQuotaRoutes(app);
  internalTrackingRoutes(app);
  batchSendRoutes(app);
  webhookRoutes(app);

  app.addHook('onClose', async () => {
    await context.intake.drain();
    await context.trackingBuffer.flush();
    await context.webhooks.drain();
    await Promise.allSettled([sendQueue.close(), trackingQueue.close(), webhookQueue.close()]);
    await redis.quit().catch(() => redis.disconnect());
    await db.$client.end();
  });
  return app;
}
