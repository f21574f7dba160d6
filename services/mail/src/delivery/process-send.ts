// The send queue's jobs: an email's own job ('send', retried by BullMQ with backoff) and the batch job of
// emails accepted together (SEND_BATCH_JOB). A batch claims all its rows in one statement and delivers them
// concurrently; a member that fails transiently gets its own job, delayed like a BullMQ retry, so one slow
// recipient never holds back or re-sends the rest. An email whose account or tenant is stalled (deliver-email.ts)
// is handed back: its own job is moved to delayed, a batch member gets its own delayed job, no try is counted.
import { randomUUID } from 'node:crypto';
import { isUuid } from '@mailwright/kit';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import {
  SEND_ATTEMPTS,
  SEND_BATCH_JOB,
  type SendBatchJobData,
  type SendJobData,
  type SendQueueData,
  sendJobId,
  sendJobOptions,
  yieldDelay,
} from '../queues/send-queue';
import { type Delivery, deliverEmail } from './deliver-email';
import type { SendProcessorDeps } from './deps';

export type SendOutcome = 'sent' | 'skipped';

export interface BatchOutcome {
  sent: number;
  failed: number;
  retrying: number;
  skipped: number;
  yielded: number;
}

/** The delay BullMQ's exponential backoff would give the next try. */
const retryDelayAfter = (attempts: number) =>
  (sendJobOptions.backoff as { delay: number }).delay * 2 ** Math.max(0, attempts - 1);

const claimToken = (job: Job, lockToken?: string) => `${job.id}:${lockToken ?? randomUUID()}`;

async function processOne(deps: SendProcessorDeps, job: Job<SendJobData>, lockToken?: string): Promise<SendOutcome> {
  const emailId = job.data?.emailId;
  if (typeof emailId !== 'string' || !isUuid(emailId)) throw new UnrecoverableError('Invalid send job payload');
  const requestId = typeof job.data.requestId === 'string' ? job.data.requestId : undefined;
  const token = claimToken(job, lockToken);
  const email = await deps.claims.claim(emailId, token);
  if (!email) return 'skipped';
  const isLastTry = email.attempts >= SEND_ATTEMPTS || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const delivery = await deliverEmail(deps, email, { token, requestId, isLastTry });
  if (delivery.kind === 'yielded') {
    // Without the worker's lock token the job cannot be moved; failing it makes BullMQ retry it with backoff.
    if (!lockToken) throw new Error('Sender account stalled; retrying later');
    await job.moveToDelayed(Date.now() + yieldDelay(), lockToken);
    throw new DelayedError();
  }
  if (delivery.kind === 'failed') throw new UnrecoverableError(delivery.failure.message);
  if (delivery.kind === 'retry') throw delivery.failure;
  return 'sent';
}

function batchPayload(data: SendBatchJobData | undefined): { ids: string[]; requestIds: (string | null)[] } {
  const ids = data?.emailIds;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && isUuid(id))) {
    throw new UnrecoverableError('Invalid send batch job payload');
  }
  const requestIds = Array.isArray(data?.requestIds) ? data.requestIds : [];
  return { ids, requestIds: ids.map((_, index) => (typeof requestIds[index] === 'string' ? requestIds[index] : null)) };
}

async function processBatch(deps: SendProcessorDeps, job: Job<SendBatchJobData>, lockToken?: string): Promise<BatchOutcome> {
  const { ids, requestIds } = batchPayload(job.data);
  const token = claimToken(job, lockToken);
  // Concurrent claims of one run go out as one statement (EmailClaims batches them).
  const emails = await Promise.all(ids.map((id) => deps.claims.claim(id, token)));
  const outcome: BatchOutcome = { sent: 0, failed: 0, retrying: 0, skipped: 0, yielded: 0 };
  const settled = await Promise.allSettled(
    emails.map(async (email, index): Promise<Delivery | null> => {
      if (!email) return null;
      const requestId = requestIds[index] ?? undefined;
      const run = { token, requestId, isLastTry: email.attempts >= SEND_ATTEMPTS };
      const delivery = await deliverEmail(deps, email, run);
      if (delivery.kind === 'retry' || delivery.kind === 'yielded') {
        const data: SendJobData = requestId ? { emailId: email.id, requestId } : { emailId: email.id };
        const delay = delivery.kind === 'retry' ? retryDelayAfter(email.attempts) : yieldDelay();
        // If this add fails the row stays 'queued' with a finished job: the reconciler enqueues it.
        await deps
          .enqueueRetry?.(data, { jobId: sendJobId(email.id), delay })
          .catch((error: unknown) =>
            deps.log?.warn({ err: error, emailId: email.id }, 'retry job not enqueued; the reconciler will'),
          );
      }
      return delivery;
    }),
  );
  for (const result of settled) {
    if (result.status === 'rejected') continue;
    if (result.value === null) outcome.skipped += 1;
    else if (result.value.kind === 'sent') outcome.sent += 1;
    else if (result.value.kind === 'failed') outcome.failed += 1;
    else if (result.value.kind === 'yielded') outcome.yielded += 1;
    else outcome.retrying += 1;
  }
  // An outcome that could not be recorded: the job's retry re-claims the unfinished rows (markers prevent resends).
  const unrecorded = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (unrecorded) throw unrecorded.reason;
  return outcome;
}

export function sendProcessor(deps: SendProcessorDeps) {
  return (job: Job<SendQueueData>, lockToken?: string): Promise<SendOutcome | BatchOutcome> =>
    job.name === SEND_BATCH_JOB
      ? processBatch(deps, job as Job<SendBatchJobData>, lockToken)
      : processOne(deps, job as Job<SendJobData>, lockToken);
}
