// A send job that BullMQ gives up on without our processor recording it (it stalled too often, or threw
// on its last try) must not leave its email waiting forever: the row is failed with the job's reason.
// Only an email's own job is the email's last word; a job of emails accepted together that gives up leaves its
// rows to the reconciler, which gives each unfinished one its own job.
import { type Job, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import { failAbandonedEmail } from '../db/queries/fail-abandoned-email';
import { type SendJobData, sendJobId } from '../queues/send-queue';
import type { SentMarkers } from './sent-markers';

export async function markAbandoned(
  pool: pg.Pool,
  job: Job<SendJobData>,
  error: Error,
  log: Logger,
  markers?: SentMarkers,
): Promise<void> {
  const isGivenUp = error instanceof UnrecoverableError || /stalled more than allowable limit/i.test(error.message);
  const isRetrying = !isGivenUp && job.attemptsMade < (job.opts.attempts ?? 1);
  const ids = Array.isArray(job.data?.emailIds) ? job.data.emailIds : [];
  const emailId = ids.length === 1 && typeof ids[0] === 'string' && job.id === sendJobId(ids[0]) ? ids[0] : null;
  if (isRetrying || emailId === null) return;
  try {
    // Sent but not recorded: leave the 'sending' row to the reconciler, whose job records it without sending.
    if (markers && (await markers.has(emailId).catch(() => false))) return;
    await failAbandonedEmail(pool, emailId, error.message.slice(0, 1000));
  } catch (failure) {
    const requestId = job.data.requestIds?.[0] ?? undefined;
    log.warn({ err: failure, emailId, requestId }, 'could not mark abandoned email failed');
  }
}
