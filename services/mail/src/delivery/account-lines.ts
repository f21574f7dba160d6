// This process's line of emails per sending account (the emails of the send jobs it runs now), and when a job that
// steps aside because its account's line is past the bound (fair slots, account-turn.ts) should come back.
//
// Coming back after a fixed 200–400 ms made a backlog churn: behind thousands of an account's emails every free job
// slot fetched the next job of that account, which stepped aside and came back before the line had room, again and
// again (one worker, 12,000 emails of one account: 746 step-asides for 331 jobs run), each a round of BullMQ's
// scripts in Redis, shared with every other tenant. Now the jobs that step aside get return times one after
// another, each as far behind the one before as its emails take to drain at the rate this process measures for
// the account, so a job comes back about when its line has room for it.

/** Never sooner: the line moves in job-sized steps. */
const MIN_DELAY_MS = 200;
/**
 * Never later, whatever the estimate: a rate measured while the account was slow must not strand its emails. The
 * estimate is the fallback: a job that leaves a full line brings the next one forward (work-sharing.ts). At 10 s,
 * every job of a long backlog beyond the first dozen came back every 10 s to step aside again.
 */
const MAX_DELAY_MS = 60_000;
/**
 * Until a rate is measured, the jobs that step aside come back this far apart rather than all at once: a backlog
 * that came due together (a scheduled campaign) otherwise stepped aside in full every 200–400 ms until the first
 * of its jobs finished here, each time a round of BullMQ's scripts and a job fetched for nothing.
 */
const UNMEASURED_SPACING_MS = 50;
/** The drain rate is sampled over windows this long and smoothed. */
const RATE_WINDOW_MS = 500;
const SMOOTHING = 0.3;
/**
 * Lines with nothing running and no job due back are dropped this often (their jobs may have gone to another
 * worker); until then a line keeps its rate between bursts.
 */
const SWEEP_EVERY_MS = 5_000;

interface Line {
  /** Emails in this process's running jobs of the account. */
  running: number;
  /** When the last job that stepped aside is due back (epoch ms). */
  tail: number;
  /** Emails finished per millisecond, smoothed; null until a window has been measured. */
  rate: number | null;
  windowStart: number;
  finishedInWindow: number;
}

export class AccountLines {
  private readonly lines = new Map<string, Line>();
  private lastSweep = 0;
  private totalRunning = 0;
  private lastActive: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {
    this.lastActive = now();
  }

  /** Accounts with emails running or jobs due back (the rest are forgotten). */
  get size(): number {
    return this.lines.size;
  }

  running(accountId: string): number {
    return this.lines.get(accountId)?.running ?? 0;
  }

  /** Emails in this process's running jobs, over all accounts. */
  runningEmails(): number {
    return this.totalRunning;
  }

  /** When a job last left a line, or (before any did) when the lines were made: a new worker counts as busy. */
  lastActiveAt(): number {
    return this.lastActive;
  }

  /** A job of `emails` emails of the account starts running here. */
  enter(accountId: string, emails: number): void {
    const line = this.lineOf(accountId);
    if (line.running === 0) {
      // The rate is what the account drains while it has work here: a pause is not measured as a slow line.
      line.windowStart = this.now();
      line.finishedInWindow = 0;
    }
    line.running += emails;
    this.totalRunning += emails;
  }

  /**
   * That job has left: finished (sent, failed, held or retrying: its emails are out of the line either way), or
   * given back before it started (`finished` false: not counted in the account's drain rate).
   */
  leave(accountId: string, emails: number, finished = true): void {
    const line = this.lines.get(accountId);
    if (!line) return;
    const now = this.now();
    this.totalRunning -= Math.min(line.running, emails);
    this.lastActive = now;
    line.running = Math.max(0, line.running - emails);
    if (finished) this.measure(line, emails, now);
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
  }

  /** Adds finished emails to the line's rate window, and samples the window once it is long enough. */
  private measure(line: Line, emails: number, now: number): void {
    line.finishedInWindow += emails;
    const elapsed = now - line.windowStart;
    if (elapsed >= RATE_WINDOW_MS) {
      const sample = line.finishedInWindow / elapsed;
      line.rate = line.rate === null ? sample : line.rate * (1 - SMOOTHING) + sample * SMOOTHING;
      line.windowStart = now;
      line.finishedInWindow = 0;
    }
  }

  /**
   * When a job of `emails` emails that steps aside now should be back (epoch ms): once the line has drained to
   * `bound` and the jobs that stepped aside before it have had their turn. Until a rate is measured: 200–400 ms.
   */
  returnTime(accountId: string, emails: number, bound: number): number {
    const now = this.now();
    const line = this.lineOf(accountId);
    let at: number;
    if (line.rate === null || line.rate <= 0) {
      const first = now + MIN_DELAY_MS + Math.floor(this.random() * MIN_DELAY_MS);
      at = Math.min(now + MAX_DELAY_MS, Math.max(first, line.tail + UNMEASURED_SPACING_MS));
    } else {
      // Each job as far behind the one before as its emails take to drain, at the full estimate: a job that comes
      // back before its room steps aside again, behind the whole tail, while one that comes on time still finds
      // nearly the bound's worth of work in the line (it never runs dry waiting for it).
      const roomAt = now + Math.max(0, line.running - bound) / line.rate;
      const estimate = Math.max(line.tail, roomAt) + emails / line.rate;
      at = Math.min(now + MAX_DELAY_MS, Math.max(now + MIN_DELAY_MS, Math.round(estimate)));
    }
    line.tail = Math.max(line.tail, at);
    return at;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [accountId, line] of this.lines) {
      if (line.running === 0 && line.tail <= now) this.lines.delete(accountId);
    }
  }

  private lineOf(accountId: string): Line {
    let line = this.lines.get(accountId);
    if (!line) {
      line = { running: 0, tail: 0, rate: null, windowStart: this.now(), finishedInWindow: 0 };
      this.lines.set(accountId, line);
    }
    return line;
  }
}
