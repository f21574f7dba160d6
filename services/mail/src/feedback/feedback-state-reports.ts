// Tells accounts what the last read found (shown on the account): when the state or its error changes, and
// otherwise at most once a minute (lastCheckedAt stays fresh without a call per read).
import type { ReportFeedbackStateBody } from '@mailwright/contracts';
import type { Logger } from 'pino';
import type { AccountsClient } from '../adapters/accounts-client';

const REFRESH_MS = 60_000;

export class FeedbackStateReports {
  private readonly last = new Map<string, { state: string; error: string | null; generation: string; at: number }>();

  constructor(
    private readonly accounts: Pick<AccountsClient, 'reportFeedbackState'>,
    private readonly log: Logger,
  ) {}

  async report(
    accountId: string,
    generation: string,
    state: ReportFeedbackStateBody['state'],
    error: string | null = null,
  ): Promise<void> {
    const previous = this.last.get(accountId);
    const now = Date.now();
    const same = previous?.state === state && previous.error === error && previous.generation === generation;
    if (same && now - previous.at < REFRESH_MS) return;
    const text = error === null ? null : error.slice(0, 1000);
    try {
      await this.accounts.reportFeedbackState(accountId, {
        generation,
        state,
        checkedAt: new Date(now).toISOString(),
        error: text,
      });
      this.last.set(accountId, { state, error, generation, at: now });
    } catch (failure) {
      this.log.warn({ err: failure, accountId }, 'feedback state not reported');
    }
  }

  forget(accountId: string): void {
    this.last.delete(accountId);
  }
}
