// Keeps one mailbox's provider calls within a budget per sliding window (Gmail: quota units per second; Graph:
// requests per 10 minutes and per second). A sliding window, not a bucket: no window of that length ever holds
// more than the budget, however the calls bunch up. One worker reads a mailbox at a time (the lease), so the
// pacer lives in that worker; the budgets keep a margin below the provider's limit for the sends it also serves.

import { setTimeout as wait } from 'node:timers/promises';
import { MailboxThrottled } from './mailbox-errors';

export interface WindowBudget {
  units: number;
  windowMs: number;
}

/**
 * Waits `ms`, or until `signal` aborts (already aborted: not at all). Node's timer removes its abort listener when it
 * ends: a read turn waits on one signal for every paced call, and a listener left behind each time held its closure
 * until the turn ended.
 */
const sleep = (ms: number, signal?: AbortSignal): Promise<void> => wait(ms, undefined, { signal }).catch(() => undefined);

export class RequestPacer {
  private readonly spent: Array<{ at: number; units: number }> = [];
  private pausedUntil = 0;

  constructor(private readonly budgets: WindowBudget[]) {}

  /**
   * Waits until `units` fit every budget, then counts them as spent now. A wait past `deadline` (the turn's end)
   * throws MailboxThrottled instead: the mailbox gives its slot back and is read again when the budget allows.
   */
  async take(units: number, signal?: AbortSignal, deadline = Number.POSITIVE_INFINITY): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw new Error('mailbox read stopped');
      const wait = this.waitFor(units, Date.now());
      if (wait <= 0) break;
      if (Date.now() + wait > deadline) throw new MailboxThrottled(wait);
      await sleep(wait, signal);
    }
    this.spent.push({ at: Date.now(), units });
  }

  /** The provider said Retry-After: nothing goes out before then. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
  }

  private waitFor(units: number, now: number): number {
    if (this.pausedUntil > now) return this.pausedUntil - now;
    const longest = Math.max(...this.budgets.map((budget) => budget.windowMs));
    while (this.spent.length > 0 && (this.spent[0] as { at: number }).at <= now - longest) this.spent.shift();
    let wait = 0;
    for (const budget of this.budgets) {
      let used = units;
      // Newest first: the earliest time the oldest spend still inside the window leaves it, once the rest fit.
      for (let i = this.spent.length - 1; i >= 0; i--) {
        const entry = this.spent[i] as { at: number; units: number };
        if (entry.at <= now - budget.windowMs) break;
        used += entry.units;
        if (used > budget.units) {
          wait = Math.max(wait, entry.at + budget.windowMs - now + 1);
          break;
        }
      }
    }
    return wait;
  }
}

export { sleep };
