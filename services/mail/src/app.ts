// Builds the mail service: send, email log, analytics, tracking, webhook and quota routes on the shared service
// plumbing. The composition root of the HTTP process: every slice's deps are built here and nowhere else.
import {
  askGateway,
  BillingEntitlements,
  createServiceApp,
  EdgeAuthorizer,
  type EntitlementsSource,
  InternalClient,
  installCallerRateLimits,
  pingDatabase,
  rateLimitNamespace,
} from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import { AccountsClient } from './adapters/accounts-client';
import { TemplatesClient } from './adapters/templates-client';
import type { Config } from './config';
import { createMailDatabase } from './db/client';
import { GUARDED_MINUTE_MS, recentSendsFrom, SenderLimiter } from './delivery/sender-limiter';
import type { EmailLogDeps } from './emails/deps';
import type { OutboxDeps } from './outbox/deps';
import { EmailIntake } from './outbox/email-intake';
import { EmailStore } from './outbox/email-store';
import { SendProducer } from './outbox/send-producer';
import { SuppressionLookups } from './outbox/suppression-lookups';
import { openProducerQueues } from './queues/producer-queues';
import { batchSendRoutes } from './routes/batch-send';
import { emailRoutes } from './routes/emails';
import { internalQuotaRoutes } from './routes/internal-quota';
import { internalSenderRoutes } from './routes/internal-senders';
import { internalSmtpRoutes } from './routes/internal-smtp';
import { internalTrackingRoutes } from './routes/internal-tracking';
import { resendCompatRoutes } from './routes/resend-compat';
import { sendRoutes } from './routes/send';
import { suppressionRoutes } from './routes/suppressions';
import { trackingRoutes } from './routes/tracking';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { webhookRoutes } from './routes/webhooks';
import type { SendersDeps } from './senders/deps';
import { ATTACHMENT_DOWNLOADS_PER_REQUEST, AttachmentDownloads } from './sending/attachments/attachment-downloads';
import type { SendingDeps } from './sending/deps';
import { HtmlBodyThread } from './sending/html-body-thread-client';
import { LargeBodyReads } from './sending/large-body-reads';
import type { TrackingDeps } from './tracking/deps';
import { TrackingBuffer } from './tracking/tracking-buffer';
import { TrackingTokens } from './tracking/tracking-token';
import type { WebhookDeps } from './webhooks/deps';
import { webhookSecretBox } from './webhooks/secret-box';
import { WebhookEvents } from './webhooks/webhook-events';

export interface BuildOverrides {
  entitlements?: EntitlementsSource;
}

/** The slices' deps, for tests that reach past the routes (flush a buffer, call the intake directly). */
export interface MailAppDeps {
  sending: SendingDeps;
  outbox: OutboxDeps;
  emailLog: EmailLogDeps;
  tracking: TrackingDeps;
  webhooks: WebhookDeps;
}

export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  return (await buildMailApp(config, overrides)).app;
}

export async function buildMailApp(
  config: Config,
  overrides: BuildOverrides = {},
): Promise<{ app: FastifyInstance; deps: MailAppDeps }> {
  const db = createMailDatabase(config.DATABASE_URL, { max: 20 });
  const queues = openProducerQueues(config);

  const app = createServiceApp('mail', config, {
    // Attachments: 10 MB decoded is ~13.4 MB of base64 (the gateway caps /api/emails bodies at 16 MB).
    bodyLimit: 16 * 1024 * 1024,
    edge: new EdgeAuthorizer(config.INTERNAL_SECRET, askGateway(config.GATEWAY_URL, config.INTERNAL_SECRET)),
    readiness: {
      postgres: () => pingDatabase(db),
      redis: () => queues.redis.ping(),
    },
  });
  queues.logErrors(app.log);
  // The API-key limits of requests the edge forwarded straight here (kit's caller-rate-limits.ts).
  installCallerRateLimits(app, queues.redis, rateLimitNamespace(config.QUEUE_PREFIX));

  const internal = new InternalClient(config.INTERNAL_SECRET, 'mail');
  const producer = new SendProducer(queues.send, app.log);
  const suppressions = new SuppressionLookups(db.$client);
  const outbox: OutboxDeps = {
    pool: db.$client,
    intake: new EmailIntake(db.$client, producer, suppressions),
    producer,
    suppressions,
  };
  const emailStore = new EmailStore(outbox);
  const webhooks = new WebhookEvents(db.$client, queues.webhooks, (error) =>
    app.log.warn({ err: error }, 'webhook event not stored'),
  );
  const htmlBodyThread = new HtmlBodyThread(app.log);
  const sending: SendingDeps = {
    db,
    entitlements: overrides.entitlements ?? new BillingEntitlements(internal, config.BILLING_URL),
    accounts: new AccountsClient(internal, config.ACCOUNTS_URL),
    templates: new TemplatesClient(internal, config.TEMPLATES_URL),
    attachmentDownloads: new AttachmentDownloads({
      processConcurrency: config.ATTACHMENT_DOWNLOADS_MAX,
      requestConcurrency: ATTACHMENT_DOWNLOADS_PER_REQUEST,
      requestBytes: config.ATTACHMENT_REQUEST_MAX_BYTES,
    }),
    largeBodyReads: new LargeBodyReads(htmlBodyThread),
    outbox: emailStore,
    webhooks,
    settings: {
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      attachmentFetchTimeoutMs: config.ATTACHMENT_FETCH_TIMEOUT_MS,
    },
    log: app.log,
  };
  const emailLog: EmailLogDeps = { db, producer, webhooks };
  const tracking: TrackingDeps = {
    db,
    tokens: TrackingTokens.fromConfig(config),
    buffer: new TrackingBuffer(queues.tracking, app.log),
  };
  const secrets = webhookSecretBox(config);
  const webhookDeps: WebhookDeps = {
    db,
    secrets,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    delivery: {
      pool: db.$client,
      box: secrets,
      allowPrivate: config.ALLOW_PRIVATE_TARGETS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      policy: {
        baseMs: config.WEBHOOK_RETRY_BASE_MS,
        maxDelayMs: config.WEBHOOK_RETRY_MAX_DELAY_MS,
        windowMs: config.WEBHOOK_FAILURE_WINDOW_MS,
      },
    },
  };

  await app.register(sendRoutes, { deps: sending });
  await app.register(emailRoutes, { deps: emailLog });
  await app.register(trackingRoutes, { deps: tracking });
  await app.register(internalQuotaRoutes, { deps: sending });
  await app.register(internalSmtpRoutes, { deps: sending });
  await app.register(internalTrackingRoutes, { deps: tracking });
  await app.register(batchSendRoutes, { deps: sending });
  await app.register(resendCompatRoutes, { deps: { sending, emailLog } });
  await app.register(webhookRoutes, { deps: webhookDeps });
  await app.register(suppressionRoutes, { deps: { db } });
  await app.register(unsubscribeRoutes, { deps: { pool: db.$client, tokens: tracking.tokens, webhooks } });
  const senders: SendersDeps = {
    pool: db.$client,
    // The worker's window, so usage shows the count the worker holds emails by.
    limiter: new SenderLimiter(
      queues.redis,
      config.QUEUE_PREFIX,
      recentSendsFrom(db.$client, GUARDED_MINUTE_MS),
      GUARDED_MINUTE_MS,
    ),
    sendJobs: queues.send,
    webhooks,
  };
  await app.register(internalSenderRoutes, { deps: senders });

  app.addHook('onClose', async () => {
    await emailStore.drain();
    await tracking.buffer.flush();
    await webhooks.drain();
    await queues.close();
    await db.$client.end();
    await htmlBodyThread.close();
  });
  return { app, deps: { sending, outbox, emailLog, tracking, webhooks: webhookDeps } };
}
