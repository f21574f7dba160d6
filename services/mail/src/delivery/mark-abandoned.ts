// A send job that BullMQ gives up on without our processor recording it (it stalled too often, or threw
// on its last try) must not leave its email waiting forever: the row is failed with the job's reason.
// A batch job that gives up leaves its rows to the reconciler, which gives each unfinished one its own job.
import { type Job, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import { failAbandonedEmail } from '../db/queries/fail-abandoned-email';
import type { SendQueueData } from '../queues/send-queue';
import type { SentMarkers } from './sent-markers';

export async function markAbandoned(
  pool: pg.Pool,
  job: Job<SendQueueData>,
  error: Error,
  log: Logger,
  markers?: SentMarkers,
): Promise<void> {
  const isGivenUp = error instanceof UnrecoverableError || /stalled more than allowable limit/i.test(error.message);
  const isRetrying = !isGivenUp && job.attemptsMade < (job.opts.attempts ?? 1);
  if (isRetrying || !('emailId' in job.data) || typeof job.data.emailId !== 'string') return;
  try {
    // Sent but not recorded: leave the 'sending' row to the reconciler, whose job records it without sending.
    if (markers && (await markers.has(job.data.emailId).catch(() => false))) return;
    await failAbandonedEmail(pool, job.data.emailId, error.message.slice(0, 1000));
  } catch (failure) {
    log.warn({ err: failure, emailId: job.data.emailId, requestId: job.data.requestId }, 'could not mark abandoned email failed');
  }
}
