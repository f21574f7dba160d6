// The mail queues as an operator sees them (`npm run admin -- queues …`): how many jobs each holds in each state,
// and retrying the failed ones after the cause is fixed. A retried send job sends only emails whose rows still wait
// (a claim never takes an email recorded as failed, sent or cancelled), so a retry cannot send an email twice.
import { AppError } from '@mailwright/kit';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { openQueue } from '../queues/open-queue';
import { SEND_QUEUE } from '../queues/send-queue';
import { TRACKING_QUEUE } from '../queues/tracking-queue';
import { WEBHOOK_QUEUE } from '../queues/webhook-queue';

export const MAIL_QUEUE_NAMES = [SEND_QUEUE, TRACKING_QUEUE, WEBHOOK_QUEUE] as const;

export const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface QueueCounts {
  queue: string;
  counts: Record<JobState, number>;
}

export interface QueueRetry {
  queue: string;
  /** Failed jobs moved back to waiting. */
  retried: number;
  /** Failed jobs left (beyond the limit). */
  stillFailed: number;
}

/** The queues named (all when none), each open on `connection` under `prefix` while `use` runs. */
async function withQueues<T>(
  connection: Redis,
  prefix: string,
  names: readonly string[],
  use: (queues: Queue[]) => Promise<T>,
): Promise<T> {
  const queues = names.map((name) => openQueue<unknown>(name, connection, prefix));
  try {
    return await use(queues);
  } finally {
    await Promise.allSettled(queues.map((queue) => queue.close()));
  }
}

function queueNames(only?: string): readonly string[] {
  if (only === undefined) return MAIL_QUEUE_NAMES;
  if (!(MAIL_QUEUE_NAMES as readonly string[]).includes(only)) {
    throw new AppError('BAD_REQUEST', `Unknown queue "${only}": the queues are ${MAIL_QUEUE_NAMES.join(', ')}`);
  }
  return [only];
}

/** Jobs per state in every mail queue (or only `queue`). */
export async function queueStatus(connection: Redis, prefix: string, queue?: string): Promise<QueueCounts[]> {
  return withQueues(connection, prefix, queueNames(queue), (queues) =>
    Promise.all(
      queues.map(async (handle) => {
        const found = await handle.getJobCounts(...JOB_STATES);
        const counts = Object.fromEntries(JOB_STATES.map((state) => [state, found[state] ?? 0])) as Record<JobState, number>;
        return { queue: handle.name, counts };
      }),
    ),
  );
}

/** Moves failed jobs back to waiting, oldest failures first, at most `limit` per queue (all when absent). */
export async function retryFailedJobs(
  connection: Redis,
  prefix: string,
  options: { queue?: string; limit?: number } = {},
): Promise<QueueRetry[]> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (!(limit > 0)) throw new AppError('BAD_REQUEST', 'The limit must be a positive number');
  return withQueues(connection, prefix, queueNames(options.queue), async (queues) => {
    const results: QueueRetry[] = [];
    for (const queue of queues) {
      const failed = await queue.getJobCountByTypes('failed');
      const take = Math.min(failed, limit);
      // getFailed pages newest first; the oldest failures are at the end of the list.
      const jobs = take > 0 ? await queue.getFailed(Math.max(0, failed - take), failed - 1) : [];
      let retried = 0;
      for (const job of jobs.reverse()) {
        await job.retry('failed');
        retried += 1;
      }
      results.push({ queue: queue.name, retried, stillFailed: failed - retried });
    }
    return results;
  });
}
