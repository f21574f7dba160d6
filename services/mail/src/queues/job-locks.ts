// Until when this process surely holds the lock of each job it runs: the guard against sending an email twice
// from a worker starved of CPU.
//
// BullMQ renews a running job's lock on a timer. A worker whose event loop falls seconds behind (a CPU quota used
// up, a long GC pause) renews too late: the lock expires, a stalled-job check puts the job back in the queue, and
// its next run re-claims the rows the first run claimed (claim-emails.ts: an earlier run of the same job is taken
// for dead). The first run is not dead: it goes on delivering the emails still waiting in its line, and both runs
// send them. Seen in the scale-out bench: a 0.1-core worker logged "could not renew lock" for 190 jobs in one run,
// and the sink received 79 emails twice.
//
// A lock is known to last `duration` from the moment its renewal (or the job's start) was sent to Redis, never
// from when the answer came back, so the bound is safe however late the answer is read. A run sends an email only
// while its lock has at least a margin left (deliver-email.ts). A run short of that margin renews its lock itself
// first (`ensure`) and gives the email back unsent only when the lock is gone.
//
// Giving back at once whenever the timer's renewal was late starved a starved worker further: each email given back
// becomes a job of its own (a queue add, a fetch, a claim), paid from the CPU the worker lacked, and its loop fell
// further behind. At 0.08 core on a slow host one worker gave back 3,680 emails and delivered none in 37 s.

export class JobLocks {
  /** Lock tokens of the runs in this process → the time (epoch ms) until which each surely holds its lock. */
  private readonly until = new Map<string, number>();
  /** Renewals this process asked for itself (ensure), by token: one at a time per run, shared by its emails. */
  private readonly renewing = new Map<string, Promise<void>>();
  /** Runs moving their job out of active themselves (stepped aside, given back): their lock goes with the move. */
  private readonly moving = new Set<string>();

  constructor(
    /** The worker's lockDuration. */
    private readonly lockDuration: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A run took its job at `takenAt` (the job's processedOn: when the worker asked Redis for it). */
  started(token: string, takenAt: number): void {
    this.until.set(token, takenAt + this.lockDuration);
  }

  /** Renewals sent at `sentAt` for `duration` succeeded for `renewed` and failed (the lock was gone) for `lost`. */
  renewed(renewed: readonly string[], lost: readonly string[], sentAt: number, duration: number): void {
    for (const token of renewed) {
      if (this.until.has(token)) this.until.set(token, Math.max(this.until.get(token) ?? 0, sentAt + duration));
    }
    for (const token of lost) if (this.until.has(token)) this.until.set(token, 0);
  }

  finished(token: string): void {
    this.until.delete(token);
    this.renewing.delete(token);
    this.moving.delete(token);
  }

  /**
   * The run holding `token` is moving its job out of active (to the delayed set, or back to wait), which removes
   * its lock: a renewal that races the move fails as expected, and is no lost lock to report.
   */
  movingOn(token: string | undefined): void {
    if (token !== undefined && this.until.has(token)) this.moving.add(token);
  }

  /** Whether a failed renewal of `token` was the run's own move (movingOn), not a lock lost to a stall. */
  isMovingOn(token: string): boolean {
    return this.moving.has(token);
  }

  /**
   * Whether the run holding `token` surely keeps its lock for `forMs` more. A token this process does not track
   * (a job run outside a tracking worker, as in tests) is taken as held.
   */
  holds(token: string, forMs: number): boolean {
    const until = this.until.get(token);
    return until === undefined || until - this.now() >= forMs;
  }

  /**
   * Whether the run holding `token` surely keeps its lock for `forMs` more, renewing it first when it would not:
   * `renew(duration)` extends the lock in Redis and answers whether it was still this run's. Synchronous (true)
   * while the lock is sure, so the common case costs no wait; false at once for a lock known to be lost. A renewal
   * that fails to reach Redis loses nothing: the lock stays as sure as it was.
   */
  ensure(token: string, forMs: number, renew: (duration: number) => Promise<boolean>): boolean | Promise<boolean> {
    if (this.holds(token, forMs)) return true;
    if (this.until.get(token) === 0) return false;
    let renewal = this.renewing.get(token);
    if (!renewal) {
      const sentAt = this.now();
      renewal = renew(this.lockDuration)
        .then(
          (kept) => (kept ? this.renewed([token], [], sentAt, this.lockDuration) : this.renewed([], [token], sentAt, 0)),
          () => undefined,
        )
        .finally(() => this.renewing.delete(token));
      this.renewing.set(token, renewal);
    }
    return renewal.then(() => this.holds(token, forMs));
  }

  /** Runs tracked now (for tests and leak checks). */
  get size(): number {
    return this.until.size;
  }
}
