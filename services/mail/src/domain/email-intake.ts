// Accepting plain emails (no attachments, no Idempotency-Key) in batches: the emails of concurrent requests are
// stored by one statement with their quota units, and each group that is due together gets one send job.
// Under load that is one statement and one queue add per batch of several emails instead of one of each per
// email, and the user's quota row is locked once per batch instead of once per email.
import type pg from 'pg';
import { insertEmailWithQuota, type NewEmail } from '../db/queries/insert-email';
import { insertIntake } from '../db/queries/insert-intake';
import type { EmailRow } from '../db/schema/emails';
import { MicroBatcher } from '../lib/micro-batcher';
import type { SendProducer } from '../queues/send-producer';
import { assignBatchJobs, enqueueBatchJobs } from './batch-jobs';

interface IntakeRequest {
  email: NewEmail;
  monthlyLimit: number;
  requestId: string | null;
}

/** Emails per send job: a batch is sent by one worker, so smaller batches spread better over workers. */
const MAX_BATCH = 100;

export class EmailIntake {
  private readonly batcher: MicroBatcher<IntakeRequest, EmailRow | null>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly producer: SendProducer,
  ) {
    // Requests arrive one by one; waiting 3 ms for company makes batches (and send jobs) several emails large.
    this.batcher = new MicroBatcher((requests) => this.store(requests), { maxBatch: MAX_BATCH, maxInFlight: 2, lingerMs: 3 });
  }

  /** The stored row (its job enqueued), or null when the user's monthly limit is reached. */
  accept(email: NewEmail, monthlyLimit: number, requestId?: string): Promise<EmailRow | null> {
    return this.batcher.push({ email, monthlyLimit, requestId: requestId ?? null });
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }

  private async store(requests: IntakeRequest[]): Promise<(EmailRow | null)[]> {
    const emails = assignBatchJobs(requests.map((request) => request.email));
    const items = requests.map((request, index) => ({ email: emails[index] as NewEmail, monthlyLimit: request.monthlyLimit }));
    const stored = await insertIntake(this.pool, items);
    // A (user, month) group that did not fit as a whole: each email on its own takes what is left.
    for (const item of items) {
      if (stored.has(item.email.id)) continue;
      const row = await insertEmailWithQuota(this.pool, item.email, item.monthlyLimit);
      if (row) stored.set(row.id, row);
    }
    await enqueueBatchJobs(
      this.producer,
      requests.flatMap((request) => {
        const row = stored.get(request.email.id);
        return row ? [{ row, requestId: request.requestId }] : [];
      }),
    );
    return requests.map((request) => stored.get(request.email.id) ?? null);
  }
}
