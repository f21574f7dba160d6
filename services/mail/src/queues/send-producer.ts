// Adds send jobs after the email row is committed (outbox). A Redis hiccup never fails the request:
// the row is already stored and the worker's reconciler enqueues whatever has no job.
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { type SendJobData, sendJobId, sendJobOptions } from './queue-config';

const ENQUEUE_TIMEOUT_MS = 1_000;

export class SendProducer {
  constructor(
    private readonly queue: Queue<SendJobData>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async enqueue(email: { id: string; scheduledAt: Date | null }, requestId?: string): Promise<void> {
    const delay = email.scheduledAt ? Math.max(0, email.scheduledAt.getTime() - Date.now()) : 0;
    const data: SendJobData = requestId ? { emailId: email.id, requestId } : { emailId: email.id };
    const adding = this.queue.add('send', data, { ...sendJobOptions, jobId: sendJobId(email.id), delay });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        adding,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('queue add timed out')), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      adding.catch(() => {});
      this.log.warn({ err: error, emailId: email.id, requestId }, 'send job not enqueued now; the reconciler will enqueue it');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Drops a cancelled email's job; harmless when it is gone or running (the worker's claim refuses cancelled rows). */
  async remove(emailId: string): Promise<void> {
    try {
      await this.queue.remove(sendJobId(emailId));
    } catch (error) {
      this.log.debug({ err: error, emailId }, 'could not remove job of cancelled email');
    }
  }
}
