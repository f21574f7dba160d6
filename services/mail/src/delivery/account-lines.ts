// This process's line of emails per sending account (the emails of the send jobs it runs now), and when a job that
// steps aside because its account's line is past the bound (fair slots, account-turn.ts) should come back.
//
// Coming back after a fixed 200–400 ms made a backlog churn: behind thousands of an account's emails every free job
// slot fetched the next job of that account, which stepped aside and came back before the line had room, again and
// again (one worker, 12,000 emails of one account: 746 step-asides for 331 jobs run), each a round of BullMQ's
// scripts in Redis, shared with every other tenant.
//
// A job that leaves a full line now brings the account's next stepped-aside job forward (work-sharing.ts), so the
// time set here is only the fallback, for a job no pull reaches (its listing failed, the line's worker died). A
// fallback as early as the room it estimates raced the pulls: each job that came back by its time while a pulled
// one had taken the room stepped aside again (one 0.08-core worker, 100 jobs: 274 step-asides). So the jobs that step
// aside get return times one after another, each twice as far behind the one before as its emails take to drain at
// the rate this process measures for the account, and until a rate is measured, from 30 s on.

/** Never sooner: the line moves in job-sized steps. */
const MIN_DELAY_MS = 200;
/** How much later than its estimated room a job comes back by its time (pulls bring it when the room is there). */
const FALLBACK_FACTOR = 2;
/**
 * Never later, whatever the estimate: a rate measured while the account was slow must not strand its emails. The
 * estimate is the fallback: a job that leaves a full line brings the next one forward (work-sharing.ts). At 10 s,
 * every job of a long backlog beyond the first dozen came back every 10 s to step aside again.
 */
const MAX_DELAY_MS = 60_000;
/**
 * Until a rate is measured, the first job that steps aside comes back this late by its time (a backlog that came due
 * together, a scheduled campaign, steps aside in full before any of its jobs finished here) and the next ones this
 * far apart rather than all at once.
 */
const UNMEASURED_DELAY_MS = 30_000;
const UNMEASURED_SPACING_MS = 50;
/**
 * A line at its bound this recently still brings the account's stepped-aside jobs forward as its jobs leave. Within
 * the 60 s by which every stepped-aside job is back by its time.
 */
const FULL_LATELY_MS = 30_000;
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
  /** When the line was last at its bound (epoch ms), 0 if never or since drained. */
  fullAt: number;
  /** How many times the line was found at its bound (tells a drain found by a pull from a new backlog since). */
  fullMarks: number;
}

export class AccountLines {
  private readonly lines = new Map<string, Line>();
  private lastSweep = 0;
  private totalRunning = 0;
  private lastActive: number;

  constructor(private readonly now: () => number = Date.now) {
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

  /** The account's line is at its bound now (a job leaves it full, or one steps aside). */
  markFull(accountId: string): void {
    const line = this.lineOf(accountId);
    line.fullAt = this.now();
    line.fullMarks += 1;
  }

  /** Which marking of the line as full is the latest (for `drained`). */
  fullMark(accountId: string): number {
    return this.lines.get(accountId)?.fullMarks ?? 0;
  }

  /**
   * A pull found none of the account's jobs stepped aside: the line is no longer full lately, unless it was found at
   * its bound again since `mark` (a job that stepped aside meanwhile may not have been listed when the pull looked).
   */
  drained(accountId: string, mark: number): void {
    const line = this.lines.get(accountId);
    if (line && line.fullMarks === mark) line.fullAt = 0;
  }

  /**
   * Whether the account's line was at its bound lately: its jobs may be waiting stepped aside, and each job that
   * leaves brings the next one forward. Pulling only while full was not enough with several workers: a job one
   * brought forward can go to another whose line is full (it steps aside again), and the line that pulled, no longer
   * full, never pulled again; both lines drained until their workers ran dry.
   */
  fullLately(accountId: string): boolean {
    const line = this.lines.get(accountId);
    return line !== undefined && line.fullAt > 0 && this.now() - line.fullAt < FULL_LATELY_MS;
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
   * When a job of `emails` emails that steps aside now should be back by its time (epoch ms), if no job leaving the
   * line brings it first: twice as late as the line would have drained to `bound` and the jobs that stepped aside
   * before it had their turn. Until a rate is measured: 30 s, 50 ms after the one before.
   */
  returnTime(accountId: string, emails: number, bound: number): number {
    const now = this.now();
    const line = this.lineOf(accountId);
    let at: number;
    if (line.rate === null || line.rate <= 0) {
      at = Math.min(now + MAX_DELAY_MS, Math.max(now + UNMEASURED_DELAY_MS, line.tail + UNMEASURED_SPACING_MS));
    } else {
      // Each job behind the one before by twice the time its emails take to drain at the measured rate.
      const roomAt = Math.max(0, line.running - bound) / line.rate;
      const estimate = Math.max(line.tail - now, roomAt * FALLBACK_FACTOR) + (emails / line.rate) * FALLBACK_FACTOR;
      at = now + Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, Math.round(estimate)));
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
      line = { running: 0, tail: 0, rate: null, windowStart: this.now(), finishedInWindow: 0, fullAt: 0, fullMarks: 0 };
      this.lines.set(accountId, line);
    }
    return line;
  }
}
