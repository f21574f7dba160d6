// Starts the BullMQ worker of one declared queue on its own connection, with errors logged in context: the
// worker's own errors name the queue, jobs that fail for good name the queue and the job. With `locks`, the
// worker tells them how long each running job's lock surely lasts (job-locks.ts).
import { type Processor, UnrecoverableError, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { workerConnection } from '../adapters/redis-connection';
import type { Config } from '../config';
import type { JobLocks } from './job-locks';
import { LockTrackingWorker } from './lock-tracking-worker';
import type { QueueDeclaration } from './queue-declaration';
import type { QueueHealth } from './queue-health';
import { workerTimings } from './worker-timings';

export interface ConsumeContext {
  config: Config;
  log: Logger;
  health: QueueHealth;
}

export function consumeQueue<Data>(
  declaration: QueueDeclaration,
  processor: Processor<Data>,
  { config, log, health }: ConsumeContext,
  locks?: JobLocks,
): Worker<Data> {
  const connection = workerConnection(config.REDIS_URL);
  health.watch(declaration.name, connection);
  const options = {
    connection,
    prefix: config.QUEUE_PREFIX,
    concurrency: declaration.concurrency(config),
    ...workerTimings,
    ...(declaration.settings ? { settings: declaration.settings } : {}),
  };
  const worker = locks
    ? new LockTrackingWorker<Data>(declaration.name, trackingRuns(processor, locks), options, locks)
    : new Worker<Data>(declaration.name, processor, options);
  worker.on('error', (error) => log.error({ err: error, queue: declaration.name }, 'queue worker error'));
  worker.on('failed', (job, error) => {
    const isFinal = !job || error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (isFinal) log.warn({ err: error, queue: declaration.name, jobId: job?.id }, 'job failed for good');
  });
  // Closing the worker leaves its connection to us (BullMQ closes only connections it created).
  worker.on('closed', () => connection.disconnect());
  return worker;
}

/** The processor, with each run's lock tracked from the job's start to the run's end. */
function trackingRuns<Data>(processor: Processor<Data>, locks: JobLocks): Processor<Data> {
  return async (job, token) => {
    if (token) locks.started(token, job.processedOn ?? Date.now());
    try {
      return await processor(job, token);
    } finally {
      if (token) locks.finished(token);
    }
  };
}
