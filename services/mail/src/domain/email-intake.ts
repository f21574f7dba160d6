// Accepting plain emails (no attachments, no Idempotency-Key) in batches: the emails of concurrent requests are
// stored by one statement with their quota units, and the emails accepted within a short window that are due
// together share one send job (job-windows.ts), added after the requests are answered. Under load that is one
// statement per batch of several emails and one queue add per window instead of one of each per email, and the
// user's quota row is locked once per batch instead of once per email.
import type pg from 'pg';
import { insertEmailWithQuota, type NewEmail } from '../db/queries/insert-email';
import { insertIntake } from '../db/queries/insert-intake';
import type { EmailRow } from '../db/schema/emails';
import { MicroBatcher } from '../lib/micro-batcher';
import type { SendProducer } from '../queues/send-producer';
import { JobWindows, type StoredEmail } from './job-windows';

interface IntakeRequest {
  email: NewEmail;
  monthlyLimit: number;
  requestId: string | null;
}

/** Emails per statement and per send job: a job is sent by one worker, so smaller jobs spread better over workers. */
const MAX_BATCH = 100;
/** How long a send job takes emails: delivery starts at most this much later, a few emails share each job. */
const JOB_WINDOW_MS = 20;

export class EmailIntake {
  private readonly batcher: MicroBatcher<IntakeRequest, EmailRow | null>;
  private readonly windows: JobWindows;

  constructor(
    private readonly pool: pg.Pool,
    producer: SendProducer,
  ) {
    this.windows = new JobWindows(producer, { windowMs: JOB_WINDOW_MS, maxEmails: MAX_BATCH });
    // Requests arrive one by one: while a batch is being stored, the next one waits up to 3 ms for company, which
    // makes batches (and send jobs) several emails large under load; a request in a quiet moment goes at once.
    this.batcher = new MicroBatcher((requests) => this.store(requests), {
      maxBatch: MAX_BATCH,
      maxInFlight: 2,
      lingerMs: 3,
      lingerWhen: 'busy',
    });
  }

  /** The stored row (its send job is added when its window closes), or null when the monthly limit is reached. */
  accept(email: NewEmail, monthlyLimit: number, requestId?: string): Promise<EmailRow | null> {
    return this.batcher.push({ email, monthlyLimit, requestId: requestId ?? null });
  }

  /** Stores what was pushed and adds its send jobs (shutdown). */
  async drain(): Promise<void> {
    await this.batcher.drain();
    await this.windows.flush();
  }

  private async store(requests: IntakeRequest[]): Promise<(EmailRow | null)[]> {
    const reservation = this.windows.reserve(requests.map((request) => request.email));
    const stored = new Map<string, EmailRow>();
    try {
      const items = requests.map((request, index) => ({
        email: reservation.emails[index] as NewEmail,
        monthlyLimit: request.monthlyLimit,
      }));
      for (const [id, row] of await insertIntake(this.pool, items)) stored.set(id, row);
      // A (user, month) group that did not fit as a whole: each email on its own takes what is left.
      for (const item of items) {
        if (stored.has(item.email.id)) continue;
        const row = await insertEmailWithQuota(this.pool, item.email, item.monthlyLimit);
        if (row) stored.set(row.id, row);
      }
    } finally {
      reservation.settle(
        requests.flatMap((request): StoredEmail[] => {
          const row = stored.get(request.email.id);
          return row ? [{ row, requestId: request.requestId }] : [];
        }),
      );
    }
    return requests.map((request) => stored.get(request.email.id) ?? null);
  }
}
