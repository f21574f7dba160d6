// The content a batch's emails may hold together: MAIL_LIMITS.batchContentMaxChars, what one request may carry.
// A template fills a small request with up to 1 MB an email, so without this bound a batch of 100 was up to 100 MB
// to read (links, text version) and store from one request: 15 s of the mail service's event loop, and another
// tenant's sends could be answered 503 meanwhile. Counted in the batch's order: from the first email that would
// pass the limit on, every email is refused, whichever template comes back first. An email's render waits until
// the emails RENDERS_AHEAD places before it are counted, so a batch never holds many renders it may not keep.
import { MAIL_LIMITS, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';

const RENDERS_AHEAD = 8;

/** One email's share of its request's content. */
export interface EmailContent {
  /** Runs the email's template render, unless the batch's content is spent before this email. */
  render<T>(run: () => Promise<T>): Promise<T>;
  /** Counts the email's characters once the emails before it are counted; throws when they would pass the limit. */
  take(chars: number): Promise<void>;
}

/** A single send: its own limits (MAIL_LIMITS) bound its content. */
export const SINGLE_EMAIL_CONTENT: EmailContent = {
  render: (run) => run(),
  take: async () => {},
};

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', MAIL_MESSAGES.batchContentTooLarge);

export class BatchContent {
  private used = 0;
  /** The index of the first email past the limit, once one is found. */
  private spentFrom = Number.POSITIVE_INFINITY;
  private readonly settled: boolean[];
  /** Emails 0 to settledPrefix - 1 are all counted or failed. */
  private settledPrefix = 0;
  private waiting: Array<{ until: number; resolve: () => void }> = [];

  constructor(
    count: number,
    private readonly maxChars: number = MAIL_LIMITS.batchContentMaxChars,
  ) {
    this.settled = new Array<boolean>(count).fill(false);
  }

  /** The share of the email at `index`; `settle(index)` must follow once it is counted or has failed. */
  of(index: number): EmailContent {
    return {
      render: async (run) => {
        await this.settledUpTo(index - RENDERS_AHEAD);
        this.check(index);
        return run();
      },
      take: async (chars) => {
        await this.settledUpTo(index);
        this.check(index);
        if (this.used + chars > this.maxChars) {
          this.spentFrom = index;
          throw tooLarge();
        }
        this.used += chars;
      },
    };
  }

  settle(index: number): void {
    this.settled[index] = true;
    while (this.settled[this.settledPrefix]) this.settledPrefix += 1;
    this.waiting = this.waiting.filter((waiter) => {
      if (waiter.until > this.settledPrefix) return true;
      waiter.resolve();
      return false;
    });
  }

  /** Resolves once every email before `until` is settled. */
  private settledUpTo(until: number): Promise<void> {
    if (until <= this.settledPrefix) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ until, resolve }));
  }

  private check(index: number): void {
    if (index >= this.spentFrom) throw tooLarge();
  }
}
