// Makes Redis loss lose nothing: every few seconds one worker (under a Redis lock) walks the unfinished
// email rows and enqueues those whose job is missing (Redis flushed or restarted empty, a crash between
// commit and enqueue) or already finished while the row still waits. Scheduled rows get a delayed job
// for their time; overdue ones run at once. A 'sending' row is only looked at once its claim is stale.
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type SendJobData, sendJobId, sendJobOptions } from '../queues/queue-config';

interface PendingRow {
  id: string;
  status: 'queued' | 'scheduled' | 'sending';
  scheduledAt: Date | null;
  createdAt: Date;
}

const PAGE = 2_000;
const MAX_PAGES_PER_PASS = 10;

const PENDING = `
SELECT id, status, scheduled_at AS "scheduledAt", created_at AS "createdAt" FROM mail.emails
WHERE status IN ('queued', 'scheduled', 'sending')
  AND (created_at, id) > ($1::timestamptz, $2::uuid)
  AND updated_at < now() - make_interval(secs => $3::double precision)
  AND (status <> 'sending' OR claimed_at < now() - make_interval(secs => $4::double precision))
ORDER BY created_at, id
LIMIT $5`;

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface ReconcilerOptions {
  /** Rows younger than this are left to the API's own enqueue (outbox gap). */
  graceSeconds: number;
  /** A 'sending' claim older than this is treated as abandoned. */
  staleClaimSeconds: number;
}

export class Reconciler {
  private readonly owner = randomUUID();
  private cursor: { createdAt: Date; id: string } = { createdAt: new Date(0), id: '00000000-0000-0000-0000-000000000000' };

  constructor(
    private readonly pool: pg.Pool,
    private readonly queue: Queue<SendJobData>,
    private readonly redis: Redis,
    private readonly lockKey: string,
    private readonly log: Logger,
    private readonly options: ReconcilerOptions = { graceSeconds: 3, staleClaimSeconds: 30 },
  ) {}

  /** One pass, if no other worker is running one. Returns how many jobs were (re)enqueued, or null when locked out. */
  async runOnce(lockMs = 30_000): Promise<number | null> {
    const locked = await this.redis.set(this.lockKey, this.owner, 'PX', lockMs, 'NX');
    if (locked !== 'OK') return null;
    try {
      let enqueued = 0;
      for (let page = 0; page < MAX_PAGES_PER_PASS; page += 1) {
        const { rows } = await this.pool.query<PendingRow>(PENDING, [
          this.cursor.createdAt,
          this.cursor.id,
          this.options.graceSeconds,
          this.options.staleClaimSeconds,
          PAGE,
        ]);
        enqueued += await this.enqueueMissing(rows);
        const last = rows.at(-1);
        if (!last || rows.length < PAGE) {
          this.cursor = { createdAt: new Date(0), id: '00000000-0000-0000-0000-000000000000' };
          break;
        }
        this.cursor = { createdAt: last.createdAt, id: last.id };
      }
      if (enqueued > 0) this.log.warn({ enqueued }, 'reconciler re-enqueued emails whose job was missing');
      return enqueued;
    } finally {
      await this.redis.eval(RELEASE_LOCK, 1, this.lockKey, this.owner).catch(() => {});
    }
  }

  private async enqueueMissing(rows: PendingRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const pipeline = this.redis.pipeline();
    for (const row of rows) pipeline.hmget(this.queue.toKey(sendJobId(row.id)), 'timestamp', 'finishedOn');
    const states = (await pipeline.exec()) ?? [];
    const missing: PendingRow[] = [];
    const finished: PendingRow[] = [];
    rows.forEach((row, index) => {
      const [error, value] = states[index] ?? [null, null];
      if (error) return;
      const [timestamp, finishedOn] = (value as (string | null)[] | null) ?? [null, null];
      if (timestamp === null) missing.push(row);
      else if (finishedOn !== null) finished.push(row);
    });
    // A finished job would make a new add with the same id a no-op: drop it first.
    await Promise.all(finished.map((row) => this.queue.remove(sendJobId(row.id)).catch(() => 0)));
    const toAdd = [...missing, ...finished];
    if (toAdd.length === 0) return 0;
    const now = Date.now();
    await this.queue.addBulk(
      toAdd.map((row) => ({
        name: 'send',
        data: { emailId: row.id },
        opts: {
          ...sendJobOptions,
          jobId: sendJobId(row.id),
          delay: row.status === 'scheduled' && row.scheduledAt ? Math.max(0, row.scheduledAt.getTime() - now) : 0,
        },
      })),
    );
    return toAdd.length;
  }
}
