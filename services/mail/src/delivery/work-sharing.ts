// Workers share the end of a backlog. Each worker fetches send jobs as fast as it has job slots, and keeps a line of
// each account's jobs (up to WORKER_MAX_BACKLOG_PER_ACCOUNT emails) so that the account's connections never wait
// on the queue. When the queue runs empty those lines are all the work left, and they end unevenly: one worker still
// has a thousand emails to go while the others have nothing to fetch. (Four workers at 0.08 core each: the middle of
// a 10,000-email drain ran at more than four times one worker's rate, its last fifth at half of it.)
//
// So a worker that has run dry says so in Redis (a key with a short life, renewed while it stays dry), and a worker
// with jobs that have not started (start-window.ts: unclaimed, whole) takes the key and puts those jobs back at the
// head of the queue, where every worker with a free slot fetches them, the dry one among them. Only a worker that
// was busy lately (or has just started: a worker added to a busy platform gets work at once) says it is dry, and
// only a worker with jobs waiting looks: an idle platform asks Redis nothing.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { StartWindow } from './start-window';

/** The key through which a queue's workers say one of them ran dry (its value: that worker's id). */
export const dryWorkerKey = (queuePrefix: string) => `${queuePrefix}:mail:dry-worker`;

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
      /** The Redis key shared by the queue's workers. */
      key: string;
      window: StartWindow;
      load: WorkLoad;
      /** A worker with fewer emails than this in its lines is dry (the start window's size). */
      dryBelow: number;
      /** Jobs given back (counted on /metrics). */
      onGiveBack?: (jobs: number) => void;
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

  /** One look: give waiting jobs to a dry worker, or say this one is dry. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    const { redis, key, window, load, dryBelow } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    try {
      if (window.waiting > 0) {
        const dry = await redis.getdel(key);
        if (dry !== null && dry !== this.id) this.giveBack();
      } else if (load.runningEmails() < dryBelow && now - load.lastActiveAt() < BUSY_LATELY_MS) {
        await redis.set(key, this.id, 'PX', DRY_SIGNAL_MS);
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

  private giveBack(): void {
    const jobs = this.deps.window.giveBackAll();
    if (jobs > 0) this.deps.onGiveBack?.(jobs);
  }
}
