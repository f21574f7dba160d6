// Workers share the end of a backlog. Each worker fetches send jobs as fast as it has job slots, and keeps a line of
// each account's jobs (up to WORKER_MAX_BACKLOG_PER_ACCOUNT emails) so that the account's connections never wait
// on the queue. When the queue runs empty those lines are all the work left, and they end unevenly: one worker still
// has a thousand emails to go while the others have nothing to fetch. (Four workers at 0.08 core each: the middle of
// a 10,000-email drain ran at more than four times one worker's rate, its last fifth at half of it.)
//
// So a worker that has run dry says so in Redis (a key with a short life, renewed while it stays dry), and a worker
// with jobs that have not started (start-window.ts: unclaimed, whole) takes the key and puts those jobs back at the
// head of the queue, where every worker with a free slot fetches them, the dry one among them. The jobs that
// stepped aside (their account's line in a worker was full, process-send.ts) wait in the delayed set until a time
// that worker estimated; they are listed by that time, and a dry worker brings the next ones forward.
//
// Only a worker that was busy lately (or has just started: a worker added to a busy platform gets work at once)
// says it is dry, and only a worker with jobs waiting looks: an idle platform asks Redis nothing.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { StartWindow } from './start-window';

/** The key through which a queue's workers say one of them ran dry (its value: that worker's id). */
export const dryWorkerKey = (queuePrefix: string) => `${queuePrefix}:mail:dry-worker`;

/** The sorted set of the send jobs that stepped aside, by the time each is due back. */
export const steppedAsideKey = (queuePrefix: string) => `${queuePrefix}:mail:stepped-aside`;

/** A dry worker brings this many stepped-aside jobs forward per look (two batch jobs: its start window). */
const PROMOTE_PER_TICK = 2;
/** The list of stepped-aside jobs outlives its last entry by this much (every entry is due within 10 s). */
const STEPPED_ASIDE_TTL_MS = 60_000;

/** How often a worker looks: dry for this long at most before another gives it work. */
const TICK_MS = 100;
/** A dry worker's word lasts this long unless renewed (a worker that stopped is soon not waited for). */
const DRY_SIGNAL_MS = 300;
/** A worker that finished nothing for this long (since it started) is idle, not dry: it stops saying so. */
const BUSY_LATELY_MS = 10_000;

export interface WorkLoad {
  /** Emails in this process's running jobs (started or waiting to), over all accounts. */
  runningEmails(): number;
  /** When a job last ended here, or when this worker started (epoch ms). */
  lastActiveAt(): number;
}

export class WorkSharing {
  private readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private redisFailing = false;

  constructor(
    private readonly deps: {
      redis: Redis;
      /** The key through which a worker says it ran dry (dryWorkerKey). */
      dryKey: string;
      /** The sorted set of stepped-aside jobs (steppedAsideKey). */
      steppedAsideKey: string;
      /** Moves a delayed job to the queue now; rejects when it is no longer delayed. */
      promote: (jobId: string) => Promise<unknown>;
      window: StartWindow;
      load: WorkLoad;
      /** A worker with fewer emails than this in its lines is dry (the start window's size). */
      dryBelow: number;
      /** Jobs given back (counted on /metrics). */
      onGiveBack?: (jobs: number) => void;
      /** Stepped-aside jobs this worker brought forward while dry (counted on /metrics). */
      onPromote?: (jobs: number) => void;
      log?: Logger;
      now?: () => number;
    },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Stops looking and gives back every job that has not started (a closing worker's queue is for the others). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.giveBack();
  }

  /** A job stepped aside until `returnAt` (epoch ms): listed, for a dry worker to bring forward. */
  steppedAside(jobId: string, returnAt: number): void {
    const { redis, steppedAsideKey: key } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    redis
      .multi()
      .zremrangebyscore(key, '-inf', now)
      .zadd(key, returnAt, jobId)
      .pexpire(key, STEPPED_ASIDE_TTL_MS)
      .exec()
      .catch(() => undefined); // unlisted, the job still comes back at its time
  }

  /** One look: give waiting jobs to a dry worker, or say this one is dry. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    const { redis, dryKey, window, load, dryBelow } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    try {
      if (window.waiting > 0) {
        const dry = await redis.getdel(dryKey);
        if (dry !== null && dry !== this.id) this.giveBack();
      } else if (load.runningEmails() < dryBelow && now - load.lastActiveAt() < BUSY_LATELY_MS) {
        await redis.set(dryKey, this.id, 'PX', DRY_SIGNAL_MS);
        await this.promoteSteppedAside(now);
      }
      this.redisFailing = false;
    } catch (error) {
      // Said once per outage: the tick runs ten times a second.
      if (!this.redisFailing) this.deps.log?.warn({ err: error }, 'work sharing paused: Redis did not answer');
      this.redisFailing = true;
    } finally {
      this.ticking = false;
    }
  }

  /** Brings the next stepped-aside jobs forward (those whose time has passed are back already: dropped). */
  private async promoteSteppedAside(now: number): Promise<void> {
    const { redis, steppedAsideKey: key } = this.deps;
    const answers = await redis.multi().zremrangebyscore(key, '-inf', now).zpopmin(key, PROMOTE_PER_TICK).exec();
    const popped = (answers?.[1]?.[1] ?? []) as string[];
    const ids = popped.filter((_, index) => index % 2 === 0);
    if (ids.length === 0) return;
    const moved = await Promise.allSettled(ids.map((id) => this.deps.promote(id)));
    const promoted = moved.filter((result) => result.status === 'fulfilled').length;
    if (promoted > 0) this.deps.onPromote?.(promoted);
  }

  private giveBack(): void {
    const jobs = this.deps.window.giveBackAll();
    if (jobs > 0) this.deps.onGiveBack?.(jobs);
  }
}
