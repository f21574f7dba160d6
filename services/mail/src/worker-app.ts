// The mail worker: send jobs, tracking-event jobs and the reconciler, in one process. Several processes
// may run on one Redis; BullMQ hands each job to one of them and the row claim keeps a send single.
import { createDatabase, InternalClient, loggerOptions, type MetricsRegistry, processMetrics } from '@mailwright/kit';
import { type Job, Queue, Worker } from 'bullmq';
import pino, { type Logger } from 'pino';
import { AccountsClient } from './adapters/accounts-client';
import { workerConnection } from './adapters/redis-connection';
import type { Config } from './config';
import * as tables from './db/tables';
import { AttachmentLoader } from './delivery/attachment-loader';
import { EmailClaims } from './delivery/claim-emails';
import { DeliveryAdmission } from './delivery/delivery-admission';
import { markAbandoned } from './delivery/mark-abandoned';
import { sendProcessor } from './delivery/process-send';
import { DEFAULT_RECONCILE_OPTIONS, Reconciler } from './delivery/reconciler';
import { SentMarkers } from './delivery/sent-markers';
import { MessageSender } from './delivery/transports/message-sender';
import { TransportSource } from './delivery/transports/transport-source';
import { countJobOutcomes, listenForMetrics, workerMailMetrics } from './delivery/worker-metrics';
import {
  SEND_QUEUE,
  SEND_STALL_MS,
  type SendJobData,
  type SendQueueData,
  sendJobOptions,
  TRACKING_QUEUE,
  type TrackingJobData,
  workerTimings,
} from './queues/queue-config';
import { WEBHOOK_BACKOFF, WEBHOOK_QUEUE, type WebhookJobData } from './queues/webhook-queue';
import { trackingProcessor } from './tracking/record-tracking-job';
import { TrackingTokens } from './tracking/tracking-token';
import { retryDelay } from './webhooks/retry-policy';
import { webhookSecretBox } from './webhooks/secret-box';
import { WebhookEvents } from './webhooks/webhook-events';
import { webhookProcessor } from './webhooks/webhook-job';

export interface MailWorker {
  /** The port of GET /metrics, /healthz, /readyz, or null when WORKER_METRICS_PORT is 0. */
  metricsPort: number | null;
  /** Runs one reconciler pass now (tests; operators after a Redis incident). */
  reconcileNow(): Promise<number | null>;
  close(): Promise<void>;
}

export interface WorkerOptions {
  logger?: Logger;
  /** Reconciler grace for fresh rows and stale claims (tests shorten them). */
  reconcile?: { graceSeconds: number; staleClaimSeconds: number };
  /** How long recording a send's result is retried in-process (tests shorten it). */
  resultRetryMs?: number;
  /** Defaults to the process registry (tests starting several workers in one process pass their own). */
  metrics?: MetricsRegistry;
}

export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<MailWorker> {
  const log = options.logger ?? pino(loggerOptions('mail-worker', config.LOG_LEVEL));
  const db = createDatabase(config.DATABASE_URL, tables, { max: 10 });
  const internal = new InternalClient(config.INTERNAL_SECRET, 'mail-worker');
  const sender = new MessageSender({
    smtpConnections: config.SMTP_MAX_CONNECTIONS,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
  });
  const reconcileOptions = options.reconcile ?? DEFAULT_RECONCILE_OPTIONS;
  const claims = new EmailClaims(db.$client, reconcileOptions.staleClaimSeconds);
  const connections = [
    workerConnection(config.REDIS_URL),
    workerConnection(config.REDIS_URL),
    workerConnection(config.REDIS_URL),
    workerConnection(config.REDIS_URL),
  ];
  for (const connection of connections) connection.on('error', () => {});
  const [sendConnection, trackingConnection, queueConnection, webhookConnection] = connections as [
    (typeof connections)[0],
    (typeof connections)[0],
    (typeof connections)[0],
    (typeof connections)[0],
  ];
  const markers = new SentMarkers(queueConnection, config.QUEUE_PREFIX);
  const metrics = options.metrics ?? processMetrics('mail-worker');
  const sendQueue = new Queue<SendQueueData>(SEND_QUEUE, { connection: queueConnection, prefix: config.QUEUE_PREFIX });
  const trackingQueue = new Queue<TrackingJobData>(TRACKING_QUEUE, { connection: queueConnection, prefix: config.QUEUE_PREFIX });
  sendQueue.on('error', () => {});
  trackingQueue.on('error', () => {});
  const mail = workerMailMetrics(metrics, { [SEND_QUEUE]: sendQueue, [TRACKING_QUEUE]: trackingQueue });
  let closing = false;
  const webhookQueue = new Queue<WebhookJobData>(WEBHOOK_QUEUE, { connection: queueConnection, prefix: config.QUEUE_PREFIX });
  webhookQueue.on('error', () => {});
  // Send outcomes arrive one by one; their events share a statement when they come within 50 ms.
  const webhooks = new WebhookEvents(
    db.$client,
    webhookQueue,
    (error) => log.warn({ err: error }, 'webhook event not stored'),
    50,
  );
  const attachments = new AttachmentLoader(db.$client);
  const webhookPolicy = {
    baseMs: config.WEBHOOK_RETRY_BASE_MS,
    maxDelayMs: config.WEBHOOK_RETRY_MAX_DELAY_MS,
    windowMs: config.WEBHOOK_FAILURE_WINDOW_MS,
  };

  const sendWorker = new Worker<SendQueueData>(
    SEND_QUEUE,
    sendProcessor({
      claims,
      transports: new TransportSource(new AccountsClient(internal, config.ACCOUNTS_URL)),
      sender,
      tokens: TrackingTokens.fromConfig(config),
      publicUrl: config.PUBLIC_URL,
      attachments,
      webhooks,
      markers,
      admission: new DeliveryAdmission({
        workerSlots: config.WORKER_CONCURRENCY,
        perSmtpAccount: config.SMTP_MAX_CONNECTIONS,
        perApiAccount: config.WORKER_MAX_PER_API_ACCOUNT,
        perTenant: config.WORKER_MAX_PER_TENANT,
        stallMs: SEND_STALL_MS,
      }),
      deliveryTimeoutMs: config.DELIVERY_TIMEOUT_MS,
      enqueueRetry: (data: SendJobData, retry) => sendQueue.add('send', data, { ...sendJobOptions, ...retry }),
      resultRetryMs: options.resultRetryMs,
      isClosing: () => closing,
      onOutcome: (outcome, provider) => (outcome === 'sent' ? mail.emailsSent : mail.emailsFailed).inc({ provider }),
      log,
    }),
    { connection: sendConnection, prefix: config.QUEUE_PREFIX, concurrency: config.WORKER_CONCURRENCY, ...workerTimings },
  );
  const trackingWorker = new Worker<TrackingJobData>(TRACKING_QUEUE, trackingProcessor(db.$client, webhooks), {
    connection: trackingConnection,
    prefix: config.QUEUE_PREFIX,
    concurrency: 4,
    ...workerTimings,
  });
  const webhookWorker = new Worker<WebhookJobData>(
    WEBHOOK_QUEUE,
    webhookProcessor({
      pool: db.$client,
      box: webhookSecretBox(config),
      policy: webhookPolicy,
      allowPrivate: config.ALLOW_PRIVATE_TARGETS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    }),
    {
      connection: webhookConnection,
      prefix: config.QUEUE_PREFIX,
      concurrency: 20,
      ...workerTimings,
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) =>
          type === WEBHOOK_BACKOFF ? retryDelay(webhookPolicy, attemptsMade) : 1_000 * 2 ** Math.max(0, attemptsMade - 1),
      },
    },
  );
  webhookWorker.on('error', (error) => log.error({ err: error }, 'webhook worker error'));
  sendWorker.on('error', (error) => log.error({ err: error }, 'send worker error'));
  trackingWorker.on('error', (error) => log.error({ err: error }, 'tracking worker error'));
  sendWorker.on('failed', (job: Job<SendQueueData> | undefined, error: Error) => {
    if (job) void markAbandoned(db.$client, job, error, log, markers);
  });

  countJobOutcomes(sendWorker, SEND_QUEUE, mail.jobs);
  countJobOutcomes(trackingWorker, TRACKING_QUEUE, mail.jobs);
  countJobOutcomes(webhookWorker, WEBHOOK_QUEUE, mail.jobs);
  const reconciler = new Reconciler(
    db.$client,
    sendQueue,
    queueConnection,
    `${config.QUEUE_PREFIX}:mail:reconciler-lock`,
    log,
    reconcileOptions,
  );
  let reconciling: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    reconciling = reconciler.runOnce().catch((error: unknown) => log.warn({ err: error }, 'reconciler pass failed'));
  }, config.RECONCILE_INTERVAL_MS);

  await Promise.all([sendWorker.waitUntilReady(), trackingWorker.waitUntilReady(), webhookWorker.waitUntilReady()]);
  // Listening last: the launcher waits on /healthz, so it answers only once the workers are ready.
  const listener = await listenForMetrics(metrics, config.WORKER_METRICS_PORT, queueConnection, {
    host: config.WORKER_METRICS_HOST,
    token: config.METRICS_TOKEN,
  });
  log.info(
    { concurrency: config.WORKER_CONCURRENCY, prefix: config.QUEUE_PREFIX, metricsPort: listener?.port ?? null },
    'mail worker started',
  );

  return {
    metricsPort: listener?.port ?? null,
    reconcileNow: () => reconciler.runOnce(),
    async close() {
      closing = true;
      clearInterval(timer);
      await listener?.close();
      await reconciling;
      await Promise.allSettled([sendWorker.close(), trackingWorker.close(), webhookWorker.close()]);
      await claims.drain();
      await Promise.allSettled([webhooks.drain(), attachments.drain()]);
      await webhookQueue.close().catch(() => {});
      sender.close();
      await Promise.allSettled([sendQueue.close(), trackingQueue.close()]);
      for (const connection of connections) connection.disconnect();
      await db.$client.end();
    },
  };
}
