// Makes Redis loss lose nothing: every few seconds one worker (under a Redis lock) walks the unfinished
// email rows and enqueues those whose job is missing (Redis flushed or restarted empty, a crash between
// commit and enqueue) or already finished while the row still waits. Scheduled rows get a delayed job
// for their time; overdue ones run at once. A 'sending' row is only looked at once its claim is stale.
// A row is covered while its batch job or its own job is waiting or running; a new job is always its own
// (a batch of one, 'email-<id>'). Per page, the batch jobs its rows name are looked up first, and only the rows no
// live batch job covers are read, and their own jobs looked up: a backlog of scheduled emails (10,000 rows, ~100
// batch jobs) costs a pass 100 lookups and no rows, not 10,000 rows and 10,100 lookups, in the worker that also
// delivers them (its CPU, and garbage its heap must collect). Reading every row cost a worker capped at 0.08 core
// about a tenth of its rate while a 10,000-email backlog drained (issue 25, round 14 in infra/bench/README.md).
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { PENDING_START, type PendingRow, selectUncoveredPendingEmails, summarisePendingPage } from '../db/queries/pending-emails';
import { ownJobData, SEND_JOB, type SendJobData, sendJobId, sendJobOptions } from '../queues/send-queue';

type JobState = 'none' | 'live' | 'finished';

const PAGE = 2_000;
const MAX_PAGES_PER_PASS = 10;

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface ReconcilerOptions {
  /** Rows younger than this are left to the API's own enqueue (outbox gap). */
  graceSeconds: number;
  /** A 'sending' claim older than this is treated as abandoned. */
  staleClaimSeconds: number;
}

export const DEFAULT_RECONCILE_OPTIONS: ReconcilerOptions = { graceSeconds: 3, staleClaimSeconds: 30 };

/** The Redis key that lets one reconciler pass run at a time across workers (and the operator's `reconcile`). */
export const reconcilerLockKey = (queuePrefix: string) => `${queuePrefix}:mail:reconciler-lock`;

/** When a pending row may go: its scheduled time, or a held row's expected time (0 = now). */
const dueAt = (row: PendingRow) =>
  Math.max(row.status === 'scheduled' && row.scheduledAt ? row.scheduledAt.getTime() : 0, row.holdUntil?.getTime() ?? 0);

export class Reconciler {
  private readonly owner = randomUUID();
  private cursor = PENDING_START;

  constructor(
    private readonly pool: pg.Pool,
    private readonly queue: Queue<SendJobData>,
    private readonly redis: Redis,
    private readonly lockKey: string,
    private readonly log: Logger,
    private readonly options: ReconcilerOptions = DEFAULT_RECONCILE_OPTIONS,
  ) {}

  /** One pass, if no other worker is running one. Returns how many jobs were (re)enqueued, or null when locked out. */
  async runOnce(lockMs = 30_000): Promise<number | null> {
    const locked = await this.redis.set(this.lockKey, this.owner, 'PX', lockMs, 'NX');
    if (locked !== 'OK') return null;
    try {
      let enqueued = 0;
      for (let page = 0; page < MAX_PAGES_PER_PASS; page += 1) {
        const summary = await summarisePendingPage(this.pool, this.cursor, this.options, PAGE);
        if (summary.last) {
          const states = await this.jobStates(summary.batchJobIds);
          const liveBatchJobIds = summary.batchJobIds.filter((_, index) => states[index] === 'live');
          // Every row covered by a live batch job: nothing to read.
          if (summary.ownJobRows > 0 || liveBatchJobIds.length < summary.batchJobIds.length) {
            const bounds = { after: this.cursor, through: summary.last, liveBatchJobIds };
            enqueued += await this.enqueueMissing(await selectUncoveredPendingEmails(this.pool, bounds, this.options));
          }
        }
        if (!summary.last || summary.rows < PAGE) {
          this.cursor = PENDING_START;
          break;
        }
        this.cursor = summary.last;
      }
      if (enqueued > 0) this.log.warn({ enqueued }, 'reconciler re-enqueued emails whose job was missing');
      return enqueued;
    } finally {
      await this.redis.eval(RELEASE_LOCK, 1, this.lockKey, this.owner).catch(() => {});
    }
  }

  private async jobStates(jobIds: string[]): Promise<JobState[]> {
    const pipeline = this.redis.pipeline();
    for (const jobId of jobIds) pipeline.hmget(this.queue.toKey(jobId), 'timestamp', 'finishedOn');
    const replies = (await pipeline.exec()) ?? [];
    return jobIds.map((_, index) => {
      const [error, value] = replies[index] ?? [new Error('no reply'), null];
      // Unknown counts as live: a Redis error must not make the reconciler add jobs blindly.
      if (error) return 'live';
      const [timestamp, finishedOn] = (value as (string | null)[] | null) ?? [null, null];
      if (timestamp === null) return 'none';
      return finishedOn === null ? 'live' : 'finished';
    });
  }

  /** Adds an own job for each row (none covered by a live batch job) whose own job is missing or finished. */
  private async enqueueMissing(rows: PendingRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const ownStates = await this.jobStates(rows.map((row) => sendJobId(row.id)));
    const missing: PendingRow[] = [];
    const finished: PendingRow[] = [];
    rows.forEach((row, index) => {
      if (ownStates[index] === 'live') return;
      if (ownStates[index] === 'finished') finished.push(row);
      else missing.push(row);
    });
    // A finished job would make a new add with the same id a no-op: drop it first.
    await Promise.all(finished.map((row) => this.queue.remove(sendJobId(row.id)).catch(() => 0)));
    const toAdd = [...missing, ...finished];
    if (toAdd.length === 0) return 0;
    const now = Date.now();
    await this.queue.addBulk(
      toAdd.map((row) => ({
        name: SEND_JOB,
        data: ownJobData(row.id),
        opts: {
          ...sendJobOptions,
          jobId: sendJobId(row.id),
          delay: Math.max(0, dueAt(row) - now),
        },
      })),
    );
    return toAdd.length;
  }
}
