// The one way emails are stored and their send jobs added (the row is the outbox: it is committed before its
// job exists, and the reconciler adds any job a Redis hiccup lost). How a send is stored follows what it needs:
// - a plain email (no attachments, no Idempotency-Key) joins the intake: one statement stores the emails of
//   concurrent requests with their quota units, and the emails of a short window share a send job;
// - an email with attachments, a submitted message (SMTP) or an Idempotency-Key is stored on its own (store-one.ts:
//   one statement with all it carries), and its send job comes from the intake's
//   windows too, its user's own (with a job each, SMTP submission cost the workers 2.0 ms and Redis 0.54 ms a
//   message; sharing the windows' jobs, 0.46 and 0.09: issue 25, round 24);
// - the batch route's emails take their quota all or none in one transaction;
// - an email whose every recipient is suppressed is stored without a quota unit and without a job.
// Suppressed recipients are left out here, as each email is stored: by the intake's own statement for plain
// emails, by one batched lookup (suppression-lookups.ts) for the others.
// Every job added here has one shape, a batch of N >= 1 emails ('batch-<uuid>'); only the worker adds an email's
// own job ('email-<id>'), for a retry or when the reconciler finds a row without a live job.
import type { EmailRow } from '../db/schema/emails';
import type { AcceptItem, AcceptOptions, AcceptResult } from './accept-types';
import { enqueueBatchJobs } from './batch-jobs';
import type { OutboxDeps } from './deps';
import { storeBatch } from './store-batch';
import { storeOne } from './store-one';

export class EmailStore {
  constructor(private readonly deps: OutboxDeps) {}

  async accept(items: AcceptItem[], options: AcceptOptions): Promise<AcceptResult> {
    const [first] = items;
    if (!first) return { kind: 'stored', rows: [] };
    if (options.allOrNothing) return this.acceptTogether(items, options);
    if (items.length > 1) throw new Error('several emails are accepted all or nothing');
    if (first.attachments.length === 0 && !first.source && !options.idempotency) {
      const row = await this.deps.intake.accept(first.email, options.monthlyLimit, options.requestId);
      return row ? { kind: 'stored', rows: [row] } : { kind: 'quota_exceeded' };
    }
    const screened = await this.deps.suppressions.screen(first.email);
    const quotaLimit = screened.status === 'suppressed' ? null : options.monthlyLimit;
    return this.deps.intake.storeWithWindowJob(screened, options.requestId ?? null, (email) =>
      storeOne(this.deps.pool, { ...first, email }, quotaLimit, options.idempotency ?? null),
    );
  }

  /** Stores what the intake holds and adds its send jobs (shutdown). */
  drain(): Promise<void> {
    return this.deps.intake.drain();
  }

  private async acceptTogether(items: AcceptItem[], options: AcceptOptions): Promise<AcceptResult> {
    const screened = await Promise.all(
      items.map(async (item) => ({ ...item, email: await this.deps.suppressions.screen(item.email) })),
    );
    const stored = await storeBatch(this.deps, screened, options.monthlyLimit, options.idempotency ?? null);
    if (stored.kind === 'stored') await this.enqueue(stored.rows, options);
    return stored;
  }

  /** One job per due time among the rows (their jobId), added after the commit; suppressed rows are never sent. */
  private enqueue(rows: EmailRow[], options: AcceptOptions): Promise<void> {
    const requestId = options.requestId ?? null;
    return enqueueBatchJobs(
      this.deps.producer,
      rows.filter((row) => row.status !== 'suppressed').map((row) => ({ row, requestId })),
    );
  }
}
