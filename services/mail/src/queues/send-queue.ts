// The send queue: name, job data, job ids and options. One job per email ('email-<id>') or one for the emails
// accepted together ('batch-<uuid>'); the worker's side (processor, concurrency) is declared in worker-queues.ts.
import { randomUUID } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import type { QueueDeclaration } from './queue-declaration';

export const SEND_QUEUE = 'send';

/** Total tries of a transient failure (network, SMTP 4xx, provider 429/5xx) before the email is failed. */
export const SEND_ATTEMPTS = 5;

/**
 * One job id per email means one job per email. BullMQ forbids plain integers and (since v6) ':' in
 * custom ids, hence 'email-<uuid>'.
 */
export const sendJobId = (emailId: string) => `email-${emailId}`;

/**
 * Emails accepted in the same moment share one job ('batch-<uuid>', job name SEND_BATCH_JOB): the queue's
 * per-job cost (scripts, locks, events) is paid once per batch. A batch member that needs a retry gets its
 * own 'email-<id>' job.
 */
export const SEND_BATCH_JOB = 'send-batch';
export const batchJobId = () => `batch-${randomUUID()}`;
export const isOwnJobOf = (jobId: string | null, emailId: string) => jobId === null || jobId === sendJobId(emailId);

export interface SendJobData {
  emailId: string;
  /** The gateway's x-request-id of the request that accepted the email (worker log lines carry it). */
  requestId?: string;
}

export interface SendBatchJobData {
  emailIds: string[];
  /** requestIds[i] belongs to emailIds[i] (null when none was given). */
  requestIds: (string | null)[];
}

export type SendQueueData = SendJobData | SendBatchJobData;

export const sendJobOptions: JobsOptions = {
  attempts: SEND_ATTEMPTS,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 86_400, count: 10_000 },
};

/**
 * How long an email whose sender account (or tenant) is stalled waits before it is tried again: about the time
 * the stall takes to be seen (SEND_STALL_MS), spread by up to a second so a large backlog comes back in a trickle.
 */
export const yieldDelay = () => 1_000 + Math.floor(Math.random() * 1_000);

/** An account or tenant none of whose deliveries finished for this long is stalled: its waiting emails yield. */
export const SEND_STALL_MS = 1_000;

export const sendQueue: QueueDeclaration = {
  name: SEND_QUEUE,
  // Each slot is one SMTP or provider call in flight; the admission gates (delivery-admission.ts) bound accounts.
  concurrency: (config) => config.WORKER_CONCURRENCY,
};
