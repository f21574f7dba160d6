// The one way emails are stored and their send jobs added (the row is the outbox: it is committed before its
// job exists, and the reconciler adds any job a Redis hiccup lost). How a send is stored follows what it needs:
// - a plain email (no attachments, no Idempotency-Key) joins the intake: one statement stores the emails of
//   concurrent requests with their quota units, and the emails of a short window share a send job;
// - an email with attachments or an Idempotency-Key is stored in its own transaction and gets its own job;
// - the batch route's emails take their quota all or none in one transaction and share a job per due time.
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
    if (first.attachments.length === 0 && !options.idempotency) {
      const row = await this.deps.intake.accept(first.email, options.monthlyLimit, options.requestId);
      return row ? { kind: 'stored', rows: [row] } : { kind: 'quota_exceeded' };
    }
    const stored = await storeOne(this.deps.pool, first, options.monthlyLimit, options.idempotency ?? null);
    const [row] = stored.kind === 'stored' ? stored.rows : [];
    if (row) await this.deps.producer.enqueue(row, options.requestId);
    return stored;
  }

  /** Stores what the intake holds and adds its send jobs (shutdown). */
  drain(): Promise<void> {
    return this.deps.intake.drain();
  }

  private async acceptTogether(items: AcceptItem[], options: AcceptOptions): Promise<AcceptResult> {
    const rows = await storeBatch(this.deps, items, options.monthlyLimit);
    if (!rows) return { kind: 'quota_exceeded' };
    const requestId = options.requestId ?? null;
    await enqueueBatchJobs(
      this.deps.producer,
      rows.map((row) => ({ row, requestId })),
    );
    return { kind: 'stored', rows };
  }
}
