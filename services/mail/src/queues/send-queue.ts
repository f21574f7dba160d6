// The send queue: name, job data, job ids and options. Every job is a batch of N >= 1 emails: the emails accepted
// together share 'batch-<uuid>', and an email that needs a job of its own (a batch member's retry, the
// reconciler's) gets 'email-<id>' with the same data shape; the worker's side (processor, concurrency) is declared
// in worker-app.ts.
import { randomUUID } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import type { QueueDeclaration } from './queue-declaration';

export const SEND_QUEUE = 'send';

/** Total tries of a transient failure (network, SMTP 4xx, provider 429/5xx) before the email is failed. */
export const SEND_ATTEMPTS = 5;

/** The one job name of the send queue. */
export const SEND_JOB = 'send';

/**
 * Emails accepted in the same moment share one job ('batch-<uuid>'): the queue's per-job cost (scripts, locks,
 * events) is paid once per batch.
 */
export const batchJobId = () => `batch-${randomUUID()}`;

/**
 * An email's own job: a batch of one whose id is deterministic, so the reconciler can tell whether it is live and a
 * second add of it is a no-op. BullMQ forbids plain integers and (since v6) ':' in custom ids, hence 'email-<uuid>'.
 * While the own job runs, its email's retries are the job's own BullMQ retries (an add under its id would be ignored).
 */
export const sendJobId = (emailId: string) => `email-${emailId}`;
export const isOwnJobOf = (jobId: string | null, emailId: string) => jobId === null || jobId === sendJobId(emailId);

export interface SendJobData {
  emailIds: string[];
  /** requestIds[i] is the gateway's x-request-id of the request that accepted emailIds[i] (null when none was given). */
  requestIds: (string | null)[];
  /**
   * traceparents[i] is the W3C trace context of the request that accepted emailIds[i] (tracing on only): the worker's
   * delivery span of that email continues the request's trace.
   */
  traceparents?: (string | null)[];
  /**
   * The sender account of every email of the job, when they share one (not a pool's): before claiming, the worker
   * defers a job whose account already has a long line here, so one account's backlog cannot take every job slot.
   */
  accountId?: string;
}

/** The data of an email's own job. */
export const ownJobData = (emailId: string, requestId?: string | null, traceparent?: string | null): SendJobData => ({
  emailIds: [emailId],
  requestIds: [requestId ?? null],
  ...(traceparent ? { traceparents: [traceparent] } : {}),
});

/**
 * The send queue's backoff counts the email's tries, not its job's: an own job that retries a batch member starts
 * with no tries of its own, and BullMQ's exponential backoff would wait 1 s after the email's second try, not 2 s.
 */
export const SEND_BACKOFF = 'email-tries';

/** The wait before an email's next try after its n-th failed one: 1 s, 2 s, 4 s, 8 s. */
export const sendRetryDelay = (tries: number) => 1_000 * 2 ** Math.max(0, tries - 1);

/** What an own job throws for its email's transient failure: BullMQ retries it after `sendRetryDelay(tries)`. */
export class EmailRetry extends Error {
  constructor(
    readonly failure: Error,
    readonly tries: number,
  ) {
    super(failure.message);
    this.name = 'EmailRetry';
  }
}

export const sendJobOptions: JobsOptions = {
  attempts: SEND_ATTEMPTS,
  backoff: { type: SEND_BACKOFF },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 86_400, count: 10_000 },
};

/**
 * How long an email whose sender account (or tenant) is stalled waits before it is tried again: about the time
 * the stall takes to be seen (SEND_STALL_MS), spread by up to a second so a large backlog comes back in a trickle.
 */
export const yieldDelay = () => 1_000 + Math.floor(Math.random() * 1_000);

/**
 * How often an email held for a paused sender with no resume time looks again. Resuming the sender promotes its
 * held emails at once (POST /internal/senders/:id/resumed); this recheck covers a resume that message missed.
 */
export const HELD_RECHECK_MS = 5 * 60_000;

/** An account or tenant none of whose deliveries finished for this long is stalled: its waiting emails yield. */
export const SEND_STALL_MS = 1_000;

export const sendQueue: QueueDeclaration = {
  name: SEND_QUEUE,
  // Each slot is one SMTP or provider call in flight; the admission gates (delivery-admission.ts) bound accounts.
  concurrency: (config) => config.WORKER_CONCURRENCY,
  settings: {
    // A batch job fails as a whole only when an outcome could not be recorded: its own tries count.
    backoffStrategy: (attemptsMade: number, _type?: string, error?: Error) =>
      sendRetryDelay(error instanceof EmailRetry ? error.tries : attemptsMade),
  },
};
