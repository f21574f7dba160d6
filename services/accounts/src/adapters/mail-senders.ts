// What accounts asks the mail service about a sender (issue 20): its usage against its limits, and that its
// owner resumed it so the emails held for it go now. Both are /internal routes of mail.
import type { SenderLimits, SenderResumedBody, SenderUsage } from '@mailwright/contracts';
import type { InternalClient } from '@mailwright/kit';

export interface MailSenders {
  /** POST /internal/senders/:accountId/usage with the effective limits (SenderUsageQueryBody). */
  usage(accountId: string, limits: SenderLimits, requestId?: string): Promise<SenderUsage>;
  /** POST /internal/senders/:accountId/resumed (SenderResumedBody). */
  resumed(accountId: string, body: SenderResumedBody, requestId?: string): Promise<void>;
}

/** Both answer a user's request: a short timeout, so a slow mail service does not hold the page. */
const TIMEOUT_MS = 5_000;

export class RemoteMailSenders implements MailSenders {
  constructor(
    private readonly client: InternalClient,
    private readonly mailUrl: string,
  ) {}

  async usage(accountId: string, limits: SenderLimits, requestId?: string): Promise<SenderUsage> {
    const body = {
      perMinute: limits.perMinute,
      perDay: limits.perDay,
      recipientsPerDay: limits.recipientsPerDay,
      concurrency: limits.concurrency,
    };
    const { data } = await this.client.call<{ data: SenderUsage }>(this.mailUrl, this.path(accountId, 'usage'), {
      method: 'POST',
      body,
      timeoutMs: TIMEOUT_MS,
      requestId,
    });
    return data;
  }

  async resumed(accountId: string, body: SenderResumedBody, requestId?: string): Promise<void> {
    await this.client.call(this.mailUrl, this.path(accountId, 'resumed'), {
      method: 'POST',
      body,
      timeoutMs: TIMEOUT_MS,
      requestId,
    });
  }

  private path(accountId: string, action: 'usage' | 'resumed') {
    return `/internal/senders/${encodeURIComponent(accountId)}/${action}`;
  }
}
