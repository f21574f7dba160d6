// The mail worker: send jobs, tracking-event jobs, webhook deliveries and the reconciler, in one process. Several
// processes may run on one Redis; BullMQ hands each job to one of them and the row claim keeps a send single.
// The composition root of the worker process: its deps are built here, and each declared queue gets its processor.
import { InternalClient, loggerOptions, type MetricsRegistry, processMetrics } from '@mailwright/kit';
import { Job } from 'bullmq';
import pino, { type Logger } from 'pino';
import { AccountsClient } from './adapters/accounts-client';
import { workerConnection } from './adapters/redis-connection';
import type { Config } from './config';
import { createMailDatabase } from './db/client';
import { AccountLines } from './delivery/account-lines';
import { AttachmentLoader } from './delivery/attachment-loader';
import { EmailClaims } from './delivery/claim-emails';
import { DeliveryAdmission } from './delivery/delivery-admission';
import { GivenBackJobs } from './delivery/given-back-jobs';
import { markAbandoned } from './delivery/mark-abandoned';
import { sendProcessor } from './delivery/process-send';
import { DEFAULT_RECONCILE_OPTIONS, Reconciler, reconcilerLockKey } from './delivery/reconciler';
import { SenderConcurrency } from './delivery/sender-concurrency';
import { SenderHealthMonitor } from './delivery/sender-health-monitor';
import { GUARDED_MINUTE_MS, recentSendsFrom, SenderLimiter } from './delivery/sender-limiter';
import { SenderPoolSource } from './delivery/sender-pool-source';
import { SentMarkers } from './delivery/sent-markers';
import { SourceLoader } from './delivery/source-loader';
import { START_WINDOW_EMAILS, StartWindow } from './delivery/start-window';
import { MessageSender } from './delivery/transports/message-sender';
import { TransportSource } from './delivery/transports/transport-source';
import { dryWorkerKey, steppedAsideKey, WorkSharing } from './delivery/work-sharing';
import { countJobOutcomes, listenForMetrics, workerMailMetrics } from './delivery/worker-metrics';
import { applyFinding } from './feedback/apply-finding';
import { startMailboxReading } from './feedback/mailbox-reading';
import { consumeQueue } from './queues/consume-queue';
import { JobLocks } from './queues/job-locks';
import { openQueue } from './queues/open-queue';
import { QueueHealth } from './queues/queue-health';
import { SEND_JOB, SEND_QUEUE, SEND_STALL_MS, type SendJobData, sendJobOptions, sendQueue } from './queues/send-queue';
import { TRACKING_QUEUE, type TrackingJobData, trackingQueue } from './queues/tracking-queue';
import { WEBHOOK_QUEUE, type WebhookJobData, webhookQueue } from './queues/webhook-queue';
import { LOCK_DURATION_MS } from './queues/worker-timings';
import { startPartitionMaintenance } from './retention/partition-upkeep';
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
  const db = createMailDatabase(config.DATABASE_URL, { max: 10 });
  const health = new QueueHealth(log);
  // Adds jobs (retries, reconciler, webhook events), reads queue depth, holds the markers and the reconciler lock.
  const producer = workerConnection(config.REDIS_URL);
  health.watch('producer', producer);
  const sendJobs = openQueue<SendJobData>(SEND_QUEUE, producer, config.QUEUE_PREFIX);
  const trackingJobs = openQueue<TrackingJobData>(TRACKING_QUEUE, producer, config.QUEUE_PREFIX);
  const webhookJobs = openQueue<WebhookJobData>(WEBHOOK_QUEUE, producer, config.QUEUE_PREFIX);
  const queues = [sendJobs, trackingJobs, webhookJobs];
  for (const queue of queues) queue.on('error', (error) => log.warn({ err: error, queue: queue.name }, 'queue error'));

  const metrics = options.metrics ?? processMetrics('mail-worker');
  const mail = workerMailMetrics(metrics, { [SEND_QUEUE]: sendJobs, [TRACKING_QUEUE]: trackingJobs });
  const reconcileOptions = options.reconcile ?? DEFAULT_RECONCILE_OPTIONS;
  const claims = new EmailClaims(db.$client, reconcileOptions.staleClaimSeconds);
  const markers = new SentMarkers(producer, config.QUEUE_PREFIX);
  const sender = new MessageSender({
    smtpConnections: config.SMTP_MAX_CONNECTIONS,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
  });
  // Send outcomes arrive one by one; their events share a statement when they come within 50 ms.
  const webhooks = new WebhookEvents(
    db.$client,
    webhookJobs,
    (error) => log.warn({ err: error }, 'webhook event not stored'),
    50,
  );
  const attachments = new AttachmentLoader(db.$client);
  const sources = new SourceLoader(db.$client);
  const webhookPolicy = {
    baseMs: config.WEBHOOK_RETRY_BASE_MS,
    maxDelayMs: config.WEBHOOK_RETRY_MAX_DELAY_MS,
    windowMs: config.WEBHOOK_FAILURE_WINDOW_MS,
  };
  let closing = false;
  const accounts = new AccountsClient(new InternalClient(config.INTERNAL_SECRET, 'mail-worker'), config.ACCOUNTS_URL);
  // The monitor and the transports know each other: a revoked grant found on load is reported as a pause.
  let senderHealth: SenderHealthMonitor | undefined;
  const transports = new TransportSource(accounts, undefined, (accountId, detail) => senderHealth?.onRevoked(accountId, detail));
  senderHealth = new SenderHealthMonitor({ redis: producer, prefix: config.QUEUE_PREFIX, accounts, transports, webhooks, log });
  const senders = {
    transports,
    limiter: new SenderLimiter(producer, config.QUEUE_PREFIX, recentSendsFrom(db.$client, GUARDED_MINUTE_MS), GUARDED_MINUTE_MS),
    pools: new SenderPoolSource(accounts),
    concurrency: new SenderConcurrency(producer, config.QUEUE_PREFIX, config.DELIVERY_TIMEOUT_MS + 5_000),
    health: senderHealth,
  };

  const tokens = TrackingTokens.fromConfig(config);
  const sendLocks = new JobLocks(LOCK_DURATION_MS);
  const lines = new AccountLines();
  const startWindow = new StartWindow(START_WINDOW_EMAILS);
  const sharing = new WorkSharing({
    redis: producer,
    dryKey: dryWorkerKey(config.QUEUE_PREFIX),
    steppedAsideKey: steppedAsideKey(config.QUEUE_PREFIX),
    promote: (jobId) => new Job(sendJobs, SEND_JOB, {}, {}, jobId).promote(),
    window: startWindow,
    load: lines,
    dryBelow: START_WINDOW_EMAILS,
    onGiveBack: (jobs) => mail.jobs.inc({ queue: SEND_QUEUE, outcome: 'given_back' }, jobs),
    onPromote: (jobs) => mail.jobs.inc({ queue: SEND_QUEUE, outcome: 'promoted' }, jobs),
    log,
  });
  const context = { config, log, health };
  const sendWorker = consumeQueue<SendJobData>(
    sendQueue,
    sendProcessor({
      claims,
      ...senders,
      sender,
      tokens,
      publicUrl: config.PUBLIC_URL,
      attachments,
      sources,
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
      maxBacklogPerAccount: config.WORKER_MAX_BACKLOG_PER_ACCOUNT,
      lines,
      window: startWindow,
      givenBack: new GivenBackJobs(),
      onStepAside: (accountId, jobId, returnAt) => {
        mail.jobs.inc({ queue: SEND_QUEUE, outcome: 'stepped_aside' });
        sharing.steppedAside(accountId, jobId, returnAt);
      },
      onLineRoom: (accountId) => sharing.pull(accountId),
      enqueueRetry: (data: SendJobData, retry) => sendJobs.add(SEND_JOB, data, { ...sendJobOptions, ...retry }),
      resultRetryMs: options.resultRetryMs,
      isClosing: () => closing,
      onOutcome: (outcome, provider) => (outcome === 'sent' ? mail.emailsSent : mail.emailsFailed).inc({ provider }),
      onHold: (reason) => mail.emailsHeld.inc({ reason }),
      onRelease: () => mail.emailsReleased.inc(),
      locks: sendLocks,
      log,
    }),
    context,
    sendLocks,
  );
  const trackingWorker = consumeQueue<TrackingJobData>(trackingQueue, trackingProcessor(db.$client, webhooks), context);
  const webhookWorker = consumeQueue<WebhookJobData>(
    webhookQueue((attemptsMade) => retryDelay(webhookPolicy, attemptsMade)),
    webhookProcessor({
      pool: db.$client,
      box: webhookSecretBox(config),
      policy: webhookPolicy,
      allowPrivate: config.ALLOW_PRIVATE_TARGETS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    }),
    context,
  );
  const workers = [sendWorker, trackingWorker, webhookWorker];
  sendWorker.on('failed', (job, error) => {
    if (job) void markAbandoned(db.$client, job, error, log, markers);
  });
  for (const worker of workers) countJobOutcomes(worker, worker.name, mail.jobs);

  const reconciler = new Reconciler(
    db.$client,
    sendJobs,
    producer,
    reconcilerLockKey(config.QUEUE_PREFIX),
    log,
    reconcileOptions,
  );
  let reconciling: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    reconciling = reconciler.runOnce().catch((error: unknown) => log.warn({ err: error }, 'reconciler pass failed'));
  }, config.RECONCILE_INTERVAL_MS);
  // mail.emails' and mail.email_events' monthly partitions: the coming months created, expired ones (archived and)
  // dropped (at start, then daily).
  const partitions = startPartitionMaintenance(
    { pool: db.$client, log },
    {
      retentionMonths: config.MAIL_RETENTION_MONTHS,
      intervalMs: config.MAIL_PARTITION_MAINTENANCE_MS,
      archiveDir: config.MAIL_ARCHIVE_DIR,
    },
  );

  // Bounces, complaints and replies read back from the senders' mailboxes (issue 21).
  const mailboxes = config.FEEDBACK_ENABLED
    ? startMailboxReading(config, {
        db,
        redis: producer,
        accounts,
        apply: (mailbox, sourceId, finding) => applyFinding({ pool: db.$client, webhooks, tokens }, mailbox, sourceId, finding),
        log,
        metrics,
      })
    : null;

  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  sharing.start();
  // Listening last: the launcher waits on /healthz, so it answers only once the workers are ready.
  const listener = await listenForMetrics(metrics, config.WORKER_METRICS_PORT, producer, {
    host: config.WORKER_METRICS_HOST,
    token: config.METRICS_TOKEN,
    isConnected: () => health.isReady(),
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
      // The workers stop fetching first, so that the send jobs given back (not started yet) go to the other workers.
      const workersClosed = Promise.allSettled(workers.map((worker) => worker.close()));
      sharing.stop();
      await listener?.close();
      await reconciling;
      await partitions.stop();
      await mailboxes?.stop();
      await workersClosed;
      await claims.drain();
      await Promise.allSettled([webhooks.drain(), attachments.drain(), sources.drain()]);
      sender.close();
      await Promise.allSettled(queues.map((queue) => queue.close()));
      producer.disconnect();
      await db.$client.end();
    },
  };
}
