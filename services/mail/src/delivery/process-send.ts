// The send queue's one job shape: a batch of N >= 1 emails. A job claims all its rows in one statement and delivers
// them concurrently. A member that fails transiently gets its own job ('email-<id>'), delayed like a BullMQ retry, so
// one slow recipient never holds back or re-sends the rest; an email held for its sender (a limit, a pause, a
// stalled account: deliver-email.ts) is handed back the same way until its expected time, without a try counted.
// An email's own job is the one job of its email: its retries are the job's own (BullMQ's backoff), and a held
// email moves the job itself to delayed. A job runs as its turn in its account's line here (account-turn.ts: it may
// step aside or be given back before claiming anything). A run sends only while it surely holds its job's lock
// (job-locks.ts), renewing the lock itself when the worker's timer fell behind; once the lock is gone it claims
// nothing more, and the emails it has not sent go back, unsent, to the job's next run.
import { randomUUID } from 'node:crypto';
import { inSpan, isUuid } from '@mailwright/kit';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import type { JobLocks } from '../queues/job-locks';
import {
  EmailRetry,
  HELD_RECHECK_MS,
  ownJobData,
  SEND_ATTEMPTS,
  SEND_QUEUE,
  type SendJobData,
  sendJobId,
  sendRetryDelay,
  yieldDelay,
} from '../queues/send-queue';
import { AccountLines } from './account-lines';
import { inAccountTurn } from './account-turn';
import type { ClaimedEmail } from './claim-emails';
import { type Delivery, deliverEmail, stillHolds } from './deliver-email';
import type { SendProcessorDeps } from './deps';

export interface SendOutcome {
  sent: number;
  failed: number;
  retrying: number;
  skipped: number;
  held: number;
  released: number;
}

/**
 * The lock time a run must surely have left to start a send. The job's next run can re-claim the row only once the
 * lock has expired and a stalled-job check (every 3 s) has put the job back: a send started in time has this margin
 * and that check's wait to be sent and recorded. (Renewals go on during the send; this covers a loop that stops.)
 */
const SEND_LOCK_MARGIN_MS = 1_000;

const claimToken = (job: Job, lockToken?: string) => `${job.id}:${lockToken ?? randomUUID()}`;

/** The strings of a job's per-email list (request ids, traceparents), null where one is missing or not a string. */
function perEmail(ids: string[], values: unknown): (string | null)[] {
  const list: unknown[] = Array.isArray(values) ? values : [];
  return ids.map((_, index) => {
    const value = list[index];
    return typeof value === 'string' ? value : null;
  });
}

interface JobPayload {
  ids: string[];
  requestIds: (string | null)[];
  /** The trace of the request that accepted each email (tracing on), which its delivery span continues. */
  traceparents: (string | null)[];
}

function jobPayload(data: SendJobData | undefined): JobPayload {
  const ids = data?.emailIds;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && isUuid(id))) {
    throw new UnrecoverableError('Invalid send job payload');
  }
  return { ids, requestIds: perEmail(ids, data?.requestIds), traceparents: perEmail(ids, data?.traceparents) };
}

/** The email whose own job this is, or null for a job of emails accepted together. */
const ownEmailOf = (job: Job, ids: string[]) => (ids.length === 1 && job.id === sendJobId(ids[0] as string) ? ids[0] : null);

/** How long a held email waits: until its expected time, or (waiting for a resume) until the next recheck. */
const holdDelay = (until: Date | null) => Math.max(0, until === null ? HELD_RECHECK_MS : until.getTime() - Date.now());

/** How long an email that was not tried waits for its next try. */
const delayOf = (delivery: Extract<Delivery, { kind: 'held' | 'released' }>) =>
  delivery.kind === 'held' ? holdDelay(delivery.until) : yieldDelay();

/** Ends an own job the way its delivery asks: BullMQ retries it with backoff, gives it up, or delays it (held). */
async function settleOwnJob(job: Job, delivery: Delivery, lockToken?: string, locks?: JobLocks): Promise<void> {
  if (delivery.kind === 'held' || delivery.kind === 'released') {
    // Without the worker's lock token the job cannot be moved; failing it makes BullMQ retry it with backoff.
    if (!lockToken) throw new Error('Held for its sender; retrying later');
    locks?.movingOn(lockToken);
    // A lost lock makes this move fail: the job's next run (the stalled job's) has it.
    await job.moveToDelayed(Date.now() + delayOf(delivery), lockToken);
    throw new DelayedError();
  }
  if (delivery.kind === 'failed') throw new UnrecoverableError(delivery.failure.message);
  if (delivery.kind === 'retry') throw new EmailRetry(delivery.failure, delivery.tries);
}

async function processSend(
  deps: SendProcessorDeps,
  lines: AccountLines,
  job: Job<SendJobData>,
  lockToken?: string,
): Promise<SendOutcome> {
  const payload = jobPayload(job.data);
  const accountId = typeof job.data.accountId === 'string' ? job.data.accountId : null;
  if (accountId === null) return tracedJob(deps, job, payload, lockToken);
  return inAccountTurn(deps, lines, job, accountId, payload.ids.length, lockToken, (emailDone) =>
    tracedJob(deps, job, payload, lockToken, emailDone),
  );
}

/**
 * The job's own work (claiming its rows) in a span linked to the traces of its emails; each email's delivery is a
 * span in its own request's trace (email.deliver), so one email is followed from the gateway to its transport.
 */
function tracedJob(
  deps: SendProcessorDeps,
  job: Job<SendJobData>,
  payload: JobPayload,
  lockToken?: string,
  emailDone?: () => void,
) {
  const attributes = {
    'messaging.destination.name': SEND_QUEUE,
    'mailwright.job.id': job.id,
    'mailwright.job.emails': payload.ids.length,
  };
  const options = { root: true, links: payload.traceparents, kind: 'consumer' } as const;
  return inSpan('send.job', attributes, () => deliverJob(deps, job, payload, lockToken, emailDone), options);
}

async function deliverJob(
  deps: SendProcessorDeps,
  job: Job<SendJobData>,
  { ids, requestIds, traceparents }: JobPayload,
  lockToken?: string,
  emailDone?: () => void,
): Promise<SendOutcome> {
  const ownEmail = ownEmailOf(job, ids);
  const isLastJobTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const token = claimToken(job, lockToken);
  const { locks } = deps;
  const holdsLock =
    locks && lockToken
      ? () =>
          locks.ensure(lockToken, SEND_LOCK_MARGIN_MS, (duration) =>
            job.extendLock(lockToken, duration).then((kept) => kept === 1),
          )
      : undefined;
  const lockLapsed = locks && lockToken ? () => !locks.holds(lockToken, 0) : undefined;
  const deliverClaimed = async (email: ClaimedEmail, index: number): Promise<Delivery> => {
    const requestId = requestIds[index] ?? undefined;
    const traceparent = traceparents[index] ?? null;
    const isOwn = email.id === ownEmail;
    const run = {
      token,
      requestId,
      isLastTry: email.attempts >= SEND_ATTEMPTS || (isOwn && isLastJobTry),
      holdsLock,
      lockLapsed,
    };
    const delivery = await inSpan(
      'email.deliver',
      { 'mailwright.email.id': email.id, 'mailwright.email.attempt': email.attempts },
      () => deliverEmail(deps, email, run),
      { parent: traceparent },
    );
    // A batch member given back because the run's lock is gone needs no job of its own: the job's next run (the
    // stalled job's) claims it again, and if the job is given up the reconciler enqueues it. A job per email made a
    // starved worker's thousand releases a thousand jobs, fetched and claimed one by one from the CPU it lacked.
    if (!isOwn && (delivery.kind === 'retry' || delivery.kind === 'held')) {
      const delay = delivery.kind === 'retry' ? sendRetryDelay(delivery.tries) : delayOf(delivery);
      // If this add fails the row stays 'queued' with a finished job: the reconciler enqueues it.
      await deps
        .enqueueRetry?.(ownJobData(email.id, requestId, traceparent), { jobId: sendJobId(email.id), delay })
        .catch((error: unknown) =>
          deps.log?.warn({ err: error, emailId: email.id }, 'retry job not enqueued; the reconciler will'),
        );
    }
    return delivery;
  };
  // A run whose lock is gone claims nothing: the job's next run has its emails, and a claim now would take them
  // from it.
  if (holdsLock && !(await stillHolds(holdsLock))) throw new Error(`lock of job ${job.id} lost before its claim`);
  // Concurrent claims of one run go out as one statement (EmailClaims batches them).
  const emails = await Promise.all(ids.map((id) => deps.claims.claim(id, token)));
  const settled = await Promise.allSettled(
    emails.map(async (email, index): Promise<Delivery | null> => {
      try {
        return email ? await deliverClaimed(email, index) : null;
      } finally {
        emailDone?.();
      }
    }),
  );
  const outcome: SendOutcome = { sent: 0, failed: 0, retrying: 0, skipped: 0, held: 0, released: 0 };
  for (const result of settled) {
    if (result.status === 'rejected') continue;
    if (result.value === null) outcome.skipped += 1;
    else if (result.value.kind === 'sent') outcome.sent += 1;
    else if (result.value.kind === 'failed') outcome.failed += 1;
    else if (result.value.kind === 'held') outcome.held += 1;
    else if (result.value.kind === 'released') outcome.released += 1;
    else outcome.retrying += 1;
  }
  // An outcome that could not be recorded: the job's retry re-claims the unfinished rows (markers prevent resends).
  const unrecorded = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (unrecorded) throw unrecorded.reason;
  const own = ownEmail === null ? undefined : settled[0];
  if (own?.status === 'fulfilled' && own.value) await settleOwnJob(job, own.value, lockToken, locks);
  return outcome;
}

export function sendProcessor(deps: SendProcessorDeps) {
  const lines = deps.lines ?? new AccountLines();
  return (job: Job<SendJobData>, lockToken?: string): Promise<SendOutcome> => processSend(deps, lines, job, lockToken);
}
