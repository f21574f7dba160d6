// Accepting plain emails (no attachments, no Idempotency-Key) in batches: the emails of concurrent requests are
// stored by one statement with their quota units, and the emails accepted within a short window that are due
// together share one send job (job-windows.ts), added after the requests are answered. Under load that is one
// statement per batch of several emails and one queue add per window instead of one of each per email, and the
// user's quota row is locked once per batch instead of once per email. A statement shared by several users' emails
// must not answer one user's bad email to the others: a failed batch statement is retried one statement per email.
// The statement also checks the suppression list; an email with a listed recipient is stored on its own once they
// are left out (and, when that is everyone, without a quota unit and without a job).
import { AppError, currentTraceparent, MicroBatcher } from '@mailwright/kit';
import type pg from 'pg';
import { insertEmail } from '../db/queries/insert-batch';
import { insertEmailWithQuota, type NewEmail } from '../db/queries/insert-email';
import { insertIntake } from '../db/queries/insert-intake';
import type { EmailRow } from '../db/schema/emails';
import type { AcceptResult } from './accept-types';
import { JobWindows, type StoredEmail } from './job-windows';
import type { SendProducer } from './send-producer';
import type { SuppressionLookups } from './suppression-lookups';

interface IntakeRequest {
  email: NewEmail;
  monthlyLimit: number;
  requestId: string | null;
  traceparent: string | null;
}

/** What one request gets back: its row (null: over the monthly limit), or the error of its own statement. */
type IntakeOutcome = { row: EmailRow | null } | { error: unknown };

/**
 * Postgres data exceptions (class 22: a value out of range, untranslatable text) are about the email's own content,
 * so the request that sent it gets a 400, not a 500.
 */
function asRequestError(error: unknown): unknown {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && code.startsWith('22')) {
    return new AppError('UNSTORABLE_VALUE', 'The email contains a value that cannot be stored');
  }
  return error;
}

/** Emails per statement and per send job: a job is sent by one worker, so smaller jobs spread better over workers. */
const MAX_BATCH = 100;
/**
 * How long a send job takes emails while a user's come steadily (job-windows.ts: each user's own pace, so another
 * user's lone email is not held this long): delivery starts at most this much later. Every job costs each worker
 * the same BullMQ round trips (a fetch, an empty fetch, a blocking wait, a finish) and a claim whatever its size: at
 * 500 requests a second with two workers, 200 ms rather than 50 took about 40% off the workers' CPU per request
 * (issue 25, round 37; 50 rather than 20 a quarter in round 9).
 */
const JOB_WINDOW_MS = 200;
/**
 * A window's length when a user's emails come too rarely to put two in a full window: it saves no job by waiting,
 * so a lone email's delivery starts this soon (as before round 37). 20 ms split a few sends stored in transactions
 * of their own over separate jobs on a loaded CI host (batch-jobs.test.ts).
 */
const QUIET_JOB_WINDOW_MS = 50;
/**
 * A window of emails scheduled for later keeps 50 ms at any rate: they leave together when due, and smaller jobs
 * spread that burst over the workers (with 200 ms windows, 1,000 emails due the same second were the last out up to
 * 1.1 s late in the whole bench, against 0.57–0.58 s).
 */
const SCHEDULED_JOB_WINDOW_MS = 50;

export class EmailIntake {
  private readonly batcher: MicroBatcher<IntakeRequest, IntakeOutcome>;
  private readonly windows: JobWindows;

  constructor(
    private readonly pool: pg.Pool,
    producer: SendProducer,
    private readonly suppressions: SuppressionLookups,
  ) {
    this.windows = new JobWindows(producer, {
      windowMs: JOB_WINDOW_MS,
      quietWindowMs: QUIET_JOB_WINDOW_MS,
      scheduledWindowMs: SCHEDULED_JOB_WINDOW_MS,
      maxEmails: MAX_BATCH,
    });
    // Requests arrive one by one: while a batch is being stored, the next ones wait up to 3 ms for company, which
    // makes batches (and send jobs) several emails large under load; when they come within 3 ms of each other with
    // no batch in flight (a steady 500 a second), each waits for the next and they go in pairs; a request in a
    // quiet moment goes at once.
    this.batcher = new MicroBatcher((requests) => this.store(requests), {
      maxBatch: MAX_BATCH,
      maxInFlight: 2,
      lingerMs: 3,
      lingerWhen: 'arriving',
    });
  }

  /** The stored row (its send job is added when its window closes), or null when the monthly limit is reached. */
  async accept(email: NewEmail, monthlyLimit: number, requestId?: string): Promise<EmailRow | null> {
    const outcome = await this.batcher.push({
      email,
      monthlyLimit,
      requestId: requestId ?? null,
      traceparent: currentTraceparent(),
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.row;
  }

  /**
   * An email the caller stores its own way (`store`: with attachments, a submitted message or an Idempotency-Key,
   * by a statement or transaction of its own, store-one.ts), with its send job from these same windows: it shares
   * the job of whatever is accepted with it, added after the window closes, where it had a job of its own added
   * before the answer. Its windows are its user's alone: the job waits for that store, which no other user's email
   * should wait for.
   */
  async storeWithWindowJob(
    email: NewEmail,
    requestId: string | null,
    store: (email: NewEmail) => Promise<AcceptResult>,
  ): Promise<AcceptResult> {
    const reservation = this.windows.reserve([email], email.userId);
    const stored = await store(reservation.emails[0] as NewEmail).catch((error: unknown) => {
      reservation.settle([]);
      throw error;
    });
    const traceparent = currentTraceparent();
    const rows = stored.kind === 'stored' ? stored.rows.filter((row) => row.status !== 'suppressed') : [];
    reservation.settle(rows.map((row) => ({ row, requestId, traceparent })));
    return stored;
  }

  /** Stores what was pushed and adds its send jobs (shutdown). */
  async drain(): Promise<void> {
    await this.batcher.drain();
    await this.windows.flush();
  }

  /**
   * One statement for the batch. If it fails, the emails of several users must not all get its error: each is
   * stored by its own statement, so only the request whose email the database refuses gets an error.
   */
  private async store(requests: IntakeRequest[]): Promise<IntakeOutcome[]> {
    const reservation = this.windows.reserve(requests.map((request) => request.email));
    const outcomes = new Map<string, IntakeOutcome>();
    try {
      const items = requests.map((request, index) => ({
        email: reservation.emails[index] as NewEmail,
        monthlyLimit: request.monthlyLimit,
      }));
      const together = await insertIntake(this.pool, items).catch((error: unknown) => {
        if (items.length === 1) outcomes.set(items[0]?.email.id as string, { error: asRequestError(error) });
        return new Map<string, EmailRow>();
      });
      for (const [id, row] of together) outcomes.set(id, { row });
      // Emails not stored together: one with a listed recipient, a (user, month) group that did not fit as a whole
      // (each email on its own takes what is left), or every email of a failed statement.
      for (const item of items) {
        if (outcomes.has(item.email.id)) continue;
        const outcome = await this.storeAlone(item.email, item.monthlyLimit).then(
          (row): IntakeOutcome => ({ row }),
          (error: unknown): IntakeOutcome => ({ error: asRequestError(error) }),
        );
        outcomes.set(item.email.id, outcome);
      }
    } finally {
      reservation.settle(
        requests.flatMap((request): StoredEmail[] => {
          const outcome = outcomes.get(request.email.id);
          const { requestId, traceparent } = request;
          const row = outcome && 'row' in outcome ? outcome.row : null;
          return row && row.status !== 'suppressed' ? [{ row, requestId, traceparent }] : [];
        }),
      );
    }
    return requests.map((request) => outcomes.get(request.email.id) ?? { row: null });
  }

  /** An email with its listed recipients left out; when that is every recipient, stored without a quota unit. */
  private async storeAlone(email: NewEmail, monthlyLimit: number): Promise<EmailRow | null> {
    const screened = await this.suppressions.screen(email);
    if (screened.status === 'suppressed') return insertEmail(this.pool, screened);
    return insertEmailWithQuota(this.pool, screened, monthlyLimit);
  }
}
