// The worker's metrics: the kit's mail metrics on this process's registry, queue depth read at scrape time,
// job outcomes per queue, and the GET /metrics, /healthz, /readyz listener (WORKER_METRICS_PORT, 0 = none), bound to
// loopback unless configured; on any other address it needs METRICS_TOKEN, which every scrape of /metrics must send.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MetricsRegistry, mailMetrics, serveMetrics, withTimeout } from '@mailwright/kit';
import { type Queue, UnrecoverableError, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';

const DEPTH_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

export type MailMetrics = ReturnType<typeof mailMetrics>;

export function workerMailMetrics(metrics: MetricsRegistry, queues: Record<string, Queue>): MailMetrics {
  return mailMetrics(metrics, {
    readQueueDepth: async () => {
      const entries = await Promise.all(
        Object.entries(queues).map(
          async ([name, queue]) => [name, await withTimeout(queue.getJobCounts(...DEPTH_STATES), 2_000, 'queue depth')] as const,
        ),
      );
      return Object.fromEntries(entries);
    },
  });
}

/** Counts completed, retried (BullMQ will run it again) and failed (given up) jobs of one queue. */
export function countJobOutcomes(worker: Worker, queue: string, jobs: MailMetrics['jobs']): void {
  worker.on('completed', () => jobs.inc({ queue, outcome: 'completed' }));
  worker.on('failed', (job, error) => {
    const willRetry = job !== undefined && !(error instanceof UnrecoverableError) && job.attemptsMade < (job.opts.attempts ?? 1);
    jobs.inc({ queue, outcome: willRetry ? 'retried' : 'failed' });
  });
}

export interface MetricsListener {
  /** The bound port (tests ask for a free one). */
  port: number;
  close(): Promise<void>;
}

export interface MetricsExposure {
  /** WORKER_METRICS_HOST; loopback when unset. */
  host?: string;
  /** METRICS_TOKEN; required when `host` is not loopback. */
  token?: string;
  /** Whether every Redis connection the worker consumes with is up (readiness). */
  isConnected?: () => boolean;
}

export async function listenForMetrics(
  metrics: MetricsRegistry,
  port: number,
  redis: Redis,
  exposure: MetricsExposure = {},
): Promise<MetricsListener | null> {
  if (port === 0) return null;
  const server: Server = await serveMetrics(metrics, {
    port,
    host: exposure.host,
    token: exposure.token,
    hostVariable: 'WORKER_METRICS_HOST',
    isReady: async () => (exposure.isConnected?.() ?? true) && (await withTimeout(redis.ping(), 1_000, 'Redis ping')) === 'PONG',
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
