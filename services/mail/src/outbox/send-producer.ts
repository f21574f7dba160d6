// Adds send jobs after the email rows are committed (outbox). A Redis hiccup never fails the request:
// the rows are already stored and the worker's reconciler enqueues whatever has no job.

import { currentTraceparent, inSpan, withTimeout } from '@mailwright/kit';
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { isOwnJobOf, SEND_JOB, SEND_QUEUE, type SendJobData, sendJobId, sendJobOptions } from '../queues/send-queue';

const ENQUEUE_TIMEOUT_MS = 1_000;

interface QueuedEmail {
  id: string;
  scheduledAt: Date | null;
  jobId: string | null;
  emailAccountId?: string;
  senderPoolId?: string | null;
}

/** The one sender account of a job's emails (the worker defers a job whose account has a long line), if any. */
function soleAccountOf(emails: QueuedEmail[]): string | undefined {
  const first = emails[0]?.emailAccountId;
  if (!first) return undefined;
  return emails.every((email) => email.emailAccountId === first && !email.senderPoolId) ? first : undefined;
}

const delayUntil = (scheduledAt: Date | null) => (scheduledAt ? Math.max(0, scheduledAt.getTime() - Date.now()) : 0);

export class SendProducer {
  constructor(
    private readonly queue: Queue<SendJobData>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * One job for emails stored with the same jobId (and the same scheduled time). traceparents[i]: the trace of the
   * request that accepted emails[i] (currentTraceparent() there), carried in the job for the worker.
   */
  async enqueueBatch(
    jobId: string,
    emails: QueuedEmail[],
    requestIds: (string | null)[],
    traceparents: (string | null)[],
  ): Promise<void> {
    const accountId = soleAccountOf(emails);
    const isTraced = traceparents.some((traceparent) => traceparent !== null);
    const data: SendJobData = {
      emailIds: emails.map((email) => email.id),
      requestIds,
      ...(isTraced ? { traceparents } : {}),
      ...(accountId ? { accountId } : {}),
    };
    const adding = () =>
      this.add(
        () => this.queue.add(SEND_JOB, data, { ...sendJobOptions, jobId, delay: delayUntil(emails[0]?.scheduledAt ?? null) }),
        { jobId, emails: emails.length },
      );
    if (!isTraced) return adding();
    // In the trace of the request when the job is one request's; a job of several requests' emails links to each.
    const [first] = traceparents;
    const isOneTrace = traceparents.every((traceparent) => traceparent === first);
    await inSpan(
      'send.enqueue',
      { 'messaging.destination.name': SEND_QUEUE, 'mailwright.job.id': jobId, 'mailwright.job.emails': emails.length },
      adding,
      isOneTrace ? { parent: first, kind: 'producer' } : { root: true, links: traceparents, kind: 'producer' },
    );
  }

  /** Drops a cancelled email's own job; a batch job stays (the worker's claim refuses cancelled rows). */
  async remove(email: { id: string; jobId: string | null }): Promise<void> {
    if (!isOwnJobOf(email.jobId, email.id)) return;
    try {
      await this.queue.remove(sendJobId(email.id));
    } catch (error) {
      this.log.debug({ err: error, emailId: email.id }, 'could not remove job of cancelled email');
    }
  }

  /**
   * A rescheduled email's new job (its row already carries the new job id). Its own earlier job is dropped; an
   * earlier batch job stays for the other emails in it and skips this one, which is not due then (send-claims.ts).
   */
  async reschedule(
    email: QueuedEmail & { jobId: string },
    previousJobId: string | null,
    requestId: string | null,
  ): Promise<void> {
    await this.remove({ id: email.id, jobId: previousJobId });
    await this.enqueueBatch(email.jobId, [email], [requestId], [currentTraceparent()]);
  }

  private async add(adding: () => Promise<unknown>, context: Record<string, unknown>): Promise<void> {
    const pending = adding();
    try {
      await withTimeout(pending, ENQUEUE_TIMEOUT_MS, 'queue add');
    } catch (error) {
      pending.catch(() => {});
      this.log.warn({ err: error, ...context }, 'send job not enqueued now; the reconciler will enqueue it');
    }
  }
}
