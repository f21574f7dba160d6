// Workers share the end of a backlog. Each worker fetches send jobs as fast as it has job slots, and keeps a line of
// each account's jobs (up to WORKER_MAX_BACKLOG_PER_ACCOUNT emails) so that the account's connections never wait
// on the queue. When the queue runs empty those lines are all the work left, and they end unevenly: one worker still
// has a thousand emails to go while the others have nothing to fetch. (Four workers at 0.08 core each: the middle of
// a 10,000-email drain ran at more than four times one worker's rate, its last fifth at half of it.)
//
// So a worker that has run dry says so in Redis (a key with a short life, renewed while it stays dry, with how long
// it has been dry), and a worker with jobs that have not started (start-window.ts: unclaimed, whole) takes the key
// and puts half of those jobs back at the head of the queue, where every worker with a free slot fetches them, the
// dry one among them. Only a worker dry for a while counts: between the batches of a steady stream every worker is
// dry for moments, and giving back then only moved jobs from worker to worker.
//
// The jobs that stepped aside (their account's line in a worker was full, account-turn.ts) wait in the delayed set
// until a time that worker estimated. They are listed by that time, per account and in all, and brought forward
// when there is room for them: each job that leaves a line full lately brings its account's next one (`pull`), and
// a dry worker brings the next ones of any account. Coming back by the estimate alone made a long backlog churn: a rate
// measured a little high brought jobs back early, each stepping aside again, and the 10 s cap on an estimate sent
// every job behind the first dozen back every 10 s (one 0.1-core worker, 10,000 emails: 540 step-asides).
//
// Only a worker that was busy lately (or has just started: a worker added to a busy platform gets work at once), or
// whose word was taken lately, says it is dry, and only a worker with jobs waiting looks: an idle platform asks Redis
// nothing. A taken word means another worker has jobs waiting: a new worker that lost the race for what was given
// back (the giver, its job slots free again, can fetch it first, and then passes it on again: given-back-jobs.ts)
// keeps saying so until a give-back reaches it, rather than falling silent three seconds after its start with nothing
// ever given to it.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { StartWindow } from './start-window';
import { listSteppedAside, takeNextListed } from './work-sharing-scripts';

/** The key through which a queue's workers say one of them ran dry (its value: that worker's id). */
export const dryWorkerKey = (queuePrefix: string) => `${queuePrefix}:mail:dry-worker`;

/**
 * The sorted sets of the send jobs that stepped aside, by the time each is due back: in all (members
 * `<accountId>/<jobId>`), and per account (members: job ids) at `<key>:<accountId>`.
 */
export const steppedAsideKey = (queuePrefix: string) => `${queuePrefix}:mail:stepped-aside`;

/** A dry worker brings this many stepped-aside jobs forward per look (two batch jobs: its start window). */
const PROMOTE_PER_TICK = 2;
/** A list of stepped-aside jobs outlives its last entry by this much (every entry is due within 60 s). */
const STEPPED_ASIDE_TTL_MS = 120_000;
/** Redis calls of work sharing give up after this long (what they do comes about anyway, later). */
const REDIS_TIMEOUT_MS = 2_000;
/** A pull tries this many listed jobs for one that is still delayed (others may have come back by their time). */
const PULL_TRIES = 3;

/** How often a dry worker says so (a round trip to Redis; ten a second showed in an idle worker's CPU). */
const TICK_MS = 250;
/** How often a worker with jobs waiting to start looks for a dry one (a backlog keeps it looking all along). */
const LOOK_EVERY_MS = 1_000;
/** A dry worker's word lasts this long unless renewed: past the others' next look, and soon gone once it stops. */
const DRY_SIGNAL_MS = 1_500;
/** A worker dry for less than this is between batches: nothing is given back to it, nothing brought forward. */
const DRY_FOR_MS = 300;
/** A worker that finished nothing for this long (since it started) is idle, not dry: it stops saying so. */
const BUSY_LATELY_MS = 3_000;

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
  /** When this worker last became dry (epoch ms), null while it is not. */
  private drySince: number | null = null;
  /** When this worker last looked for a dry one (epoch ms). */
  private lookedAt = 0;
  /** When this worker last said it was dry, and when another worker last took that word (epoch ms). */
  private saidAt = 0;
  private takenAt = 0;

  constructor(
    private readonly deps: {
      redis: Redis;
      /** The key through which a worker says it ran dry (dryWorkerKey). */
      dryKey: string;
      /** The stepped-aside jobs' sorted sets: this key in all, `<key>:<accountId>` per account (steppedAsideKey). */
      steppedAsideKey: string;
      /** Moves a delayed job to the queue now; rejects when it is no longer delayed. */
      promote: (jobId: string) => Promise<unknown>;
      window: StartWindow;
      load: WorkLoad;
      /** A worker with fewer emails than this in its lines is dry (the start window's size). */
      dryBelow: number;
      /** Jobs given back (counted on /metrics). */
      onGiveBack?: (jobs: number) => void;
      /** Stepped-aside jobs this worker brought forward, pulled or while dry (counted on /metrics). */
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

  /** A job of the account stepped aside until `returnAt` (epoch ms): listed, to come forward when there is room. */
  steppedAside(accountId: string, jobId: string, returnAt: number): void {
    const { redis, steppedAsideKey: all } = this.deps;
    const args = [this.now(), returnAt, `${accountId}/${jobId}`, jobId, STEPPED_ASIDE_TTL_MS].map(String);
    // Unlisted, the job still comes back at its time.
    listSteppedAside.run(redis, [all, `${all}:${accountId}`], args, REDIS_TIMEOUT_MS).catch(() => undefined);
  }

  /**
   * A job left the account's line here, full lately: the account's next stepped-aside job is brought forward.
   * Resolves false when the account had none listed, true when it had (or Redis did not answer: it may have).
   */
  pull(accountId: string): Promise<boolean> {
    // Not pulled, the job still comes back at its time.
    return this.pullNext(accountId).catch(() => true);
  }

  private async pullNext(accountId: string): Promise<boolean> {
    for (let tries = 0; tries < PULL_TRIES; tries += 1) {
      const [jobId] = await this.takeNext(1, accountId);
      if (jobId === undefined) return false;
      if (await this.promote(jobId)) {
        this.deps.onPromote?.(1);
        return true;
      }
    }
    return true;
  }

  /**
   * The `count` listed jobs due back next (list members), taken off the list of all or off `accountId`'s list. Taken
   * off an account's list, they leave the list of all too, so that a dry worker does not take them again.
   */
  private async takeNext(count: number, accountId?: string): Promise<string[]> {
    const all = this.deps.steppedAsideKey;
    const args = [String(this.now()), String(count)];
    // The account's list, and the list of all with the prefix of the account's members there.
    const listed = accountId
      ? takeNextListed.run(this.deps.redis, [`${all}:${accountId}`, all], [...args, `${accountId}/`], REDIS_TIMEOUT_MS)
      : takeNextListed.run(this.deps.redis, [all], args, REDIS_TIMEOUT_MS);
    return (await listed) as string[];
  }

  /** One look: give waiting jobs to a dry worker, or say this one is dry. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    const { redis, dryKey, window, load, dryBelow } = this.deps;
    const now = this.now();
    try {
      const lately = Math.max(load.lastActiveAt(), this.takenAt);
      const isDry = window.waiting === 0 && load.runningEmails() < dryBelow && now - lately < BUSY_LATELY_MS;
      this.drySince = isDry ? (this.drySince ?? now) : null;
      if (window.waiting > 0) {
        if (now - this.lookedAt < LOOK_EVERY_MS) return;
        this.lookedAt = now;
        const dry = parseDry(await redis.getdel(dryKey));
        if (dry && dry.worker !== this.id && dry.forMs >= DRY_FOR_MS) this.giveBack(Math.ceil(window.waiting / 2));
      } else if (this.drySince !== null) {
        await this.sayDry(now - this.drySince);
      }
      this.redisFailing = false;
    } catch (error) {
      // Said once per outage, not on every tick.
      if (!this.redisFailing) this.deps.log?.warn({ err: error }, 'work sharing paused: Redis did not answer');
      this.redisFailing = true;
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Says this worker is dry (and for how long), and once it has been for a while brings the next stepped-aside jobs
   * of any account forward.
   */
  private async sayDry(forMs: number): Promise<void> {
    const { redis, dryKey, steppedAsideKey: all } = this.deps;
    const now = this.now();
    const before = await redis.set(dryKey, `${this.id} ${forMs}`, 'PX', DRY_SIGNAL_MS, 'GET');
    // Gone before it could expire: a worker with jobs waiting took it.
    if (before === null && this.saidAt > 0 && now - this.saidAt < DRY_SIGNAL_MS) this.takenAt = now;
    this.saidAt = now;
    if (forMs < DRY_FOR_MS) return;
    const listed = await this.takeNext(PROMOTE_PER_TICK);
    if (listed.length === 0) return;
    const moved = await Promise.all(
      listed.map((member) => {
        const slash = member.indexOf('/');
        const jobId = member.slice(slash + 1);
        void redis.zrem(`${all}:${member.slice(0, slash)}`, jobId).catch(() => undefined);
        return this.promote(jobId);
      }),
    );
    const promoted = moved.filter(Boolean).length;
    if (promoted > 0) this.deps.onPromote?.(promoted);
  }

  /** Moves a listed job to the queue now; false when it was no longer delayed (it came back by its time). */
  private promote(jobId: string): Promise<boolean> {
    return this.deps.promote(jobId).then(
      () => true,
      () => false,
    );
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private giveBack(most?: number): void {
    const jobs = this.deps.window.giveBack(most);
    if (jobs > 0) this.deps.onGiveBack?.(jobs);
  }
}

/** The dry key's value: the dry worker's id and how long it has been dry (ms). */
function parseDry(value: string | null): { worker: string; forMs: number } | null {
  const [worker, forMs] = value?.split(' ') ?? [];
  return worker && forMs ? { worker, forMs: Number(forMs) } : null;
}
