// When a send job of an account starts in this process: once fewer than `size` of the account's emails are claimed
// here and not yet finished (or none are). The jobs behind them wait in line unclaimed, touching no row, so a job
// that has not started can still be given back to the queue whole (work-sharing.ts), for a worker that ran dry.
//
// Before, a job claimed its emails as soon as it ran, and a worker's line of an account (up to
// WORKER_MAX_BACKLOG_PER_ACCOUNT emails) was all claimed: at the end of a campaign the last thousand emails sat
// claimed in one worker's line while the other workers had nothing left to take.

/**
 * Emails of an account claimed and not yet finished in one process before its next job waits: two jobs of the
 * batch API's size, so that the next job's claim (one statement) is done before the account's connections need it.
 */
export const START_WINDOW_EMAILS = 200;

export type Turn =
  | {
      kind: 'start';
      /** One of the job's emails has finished (sent, failed, held or given back). */
      emailDone(): void;
      /** The job has ended: whatever of it is still counted is let go (call once, in a finally). */
      close(): void;
    }
  | { kind: 'give-back' };

interface Waiting {
  emails: number;
  answer: (turn: Turn) => void;
}

interface AccountWindow {
  /** Emails of started jobs not yet finished. */
  started: number;
  waiting: Waiting[];
}

export class StartWindow {
  private readonly accounts = new Map<string, AccountWindow>();
  private waitingJobs = 0;

  constructor(private readonly size: number) {}

  /** Jobs waiting to start, over all accounts: the work this process could give back. */
  get waiting(): number {
    return this.waitingJobs;
  }

  /** The job's turn: at once when the account's window has room, else once it has (or the job is given back). */
  turn(accountId: string, emails: number): Turn | Promise<Turn> {
    const window = this.windowOf(accountId);
    if (window.waiting.length === 0 && this.fits(window, emails)) return this.start(accountId, window, emails);
    this.waitingJobs += 1;
    return new Promise<Turn>((answer) => window.waiting.push({ emails, answer }));
  }

  /**
   * Up to `most` of the jobs waiting to start are answered 'give-back', those that would start last first (the
   * back of each account's line, the longest lines first); how many were.
   */
  giveBack(most = Number.POSITIVE_INFINITY): number {
    let given = 0;
    while (given < most) {
      const longest = this.longestLine();
      const job = longest?.waiting.pop();
      if (!job) break;
      job.answer({ kind: 'give-back' });
      given += 1;
    }
    this.waitingJobs -= given;
    this.forgetIdle();
    return given;
  }

  private longestLine(): AccountWindow | undefined {
    let longest: AccountWindow | undefined;
    for (const window of this.accounts.values()) {
      if (window.waiting.length > (longest?.waiting.length ?? 0)) longest = window;
    }
    return longest;
  }

  private fits(window: AccountWindow, emails: number): boolean {
    return window.started === 0 || window.started + emails <= this.size;
  }

  private start(accountId: string, window: AccountWindow, emails: number): Turn {
    window.started += emails;
    let left = emails;
    const finish = (count: number) => {
      const done = Math.min(count, left);
      if (done === 0) return;
      left -= done;
      window.started -= done;
      this.admitWaiting(accountId, window);
    };
    return { kind: 'start', emailDone: () => finish(1), close: () => finish(left) };
  }

  private admitWaiting(accountId: string, window: AccountWindow): void {
    for (let next = window.waiting[0]; next && this.fits(window, next.emails); next = window.waiting[0]) {
      window.waiting.shift();
      this.waitingJobs -= 1;
      next.answer(this.start(accountId, window, next.emails));
    }
    if (window.started === 0 && window.waiting.length === 0) this.accounts.delete(accountId);
  }

  private forgetIdle(): void {
    for (const [accountId, window] of this.accounts) {
      if (window.started === 0 && window.waiting.length === 0) this.accounts.delete(accountId);
    }
  }

  private windowOf(accountId: string): AccountWindow {
    let window = this.accounts.get(accountId);
    if (!window) {
      window = { started: 0, waiting: [] };
      this.accounts.set(accountId, window);
    }
    return window;
  }
}
