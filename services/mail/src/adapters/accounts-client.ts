// The accounts service as the mail service sees it: which account an email goes out from, and (for the
// worker) how to send as that account. Resolutions are cached for a few seconds: a busy sender would
// otherwise pay one internal round trip per email for the same answer.
import type {
  MailboxAccess,
  MailboxReaderEntry,
  ReportFeedbackStateBody,
  ReportSenderHealthBody,
  ResolveAccountBody,
  ResolvedAccount,
  ResolvedSenderPool,
  SenderHealthReport,
  Transport,
} from '@mailwright/contracts';
import { type InternalClient, TtlCache } from '@mailwright/kit';

export class AccountsClient {
  // Concurrent misses for one key share one call (a burst of sends would otherwise each call accounts), and an
  // entry in the second half of its life is refreshed in the background: steady traffic never waits on accounts.
  private readonly resolved: TtlCache<string, ResolvedAccount>;

  constructor(
    private readonly client: InternalClient,
    private readonly baseUrl: string,
    resolveTtlMs = 5_000,
  ) {
    this.resolved = new TtlCache({ ttlMs: resolveTtlMs, refreshAfterMs: resolveTtlMs / 2, maxEntries: 50_000 });
  }

  /** requestId: the request this serves, forwarded when the answer is not cached (a shared call forwards the first). */
  async resolve(userId: string, accountId: string | null, requestId?: string): Promise<ResolvedAccount> {
    return this.cachedResolve(`${userId}:${accountId ?? ''}`, accountId ? { userId, accountId } : { userId }, requestId);
  }

  /** The user's account sending as `email` (the Resend-compatible API's `from`); 404 NOT_FOUND when they have none. */
  async resolveByEmail(userId: string, email: string, requestId?: string): Promise<ResolvedAccount> {
    return this.cachedResolve(`${userId}:@${email.toLowerCase()}`, { userId, email }, requestId);
  }

  private cachedResolve(cacheKey: string, body: ResolveAccountBody, requestId?: string): Promise<ResolvedAccount> {
    return this.resolved.get(cacheKey, async () => {
      const { data } = await this.client.call<{ data: ResolvedAccount }>(this.baseUrl, '/internal/accounts/resolve', {
        method: 'POST',
        body,
        requestId,
      });
      return data;
    });
  }

  async transport(accountId: string, requestId?: string): Promise<Transport> {
    const { data } = await this.client.call<{ data: Transport }>(
      this.baseUrl,
      `/internal/accounts/${encodeURIComponent(accountId)}/transport`,
      { requestId },
    );
    return data;
  }

  /** A user's sender pool (404 NOT_FOUND when it is not theirs). */
  async pool(poolId: string, userId: string, requestId?: string): Promise<ResolvedSenderPool> {
    const { data } = await this.client.call<{ data: ResolvedSenderPool }>(
      this.baseUrl,
      `/internal/sender-pools/${encodeURIComponent(poolId)}?userId=${encodeURIComponent(userId)}`,
      { requestId },
    );
    return data;
  }

  /** Pauses a sender; `changed` is true only for the call that moved it from active. */
  async reportHealth(accountId: string, body: ReportSenderHealthBody): Promise<SenderHealthReport> {
    const { data } = await this.client.call<{ data: SenderHealthReport }>(
      this.baseUrl,
      `/internal/accounts/${encodeURIComponent(accountId)}/health`,
      { method: 'POST', body },
    );
    return data;
  }

  /** One page of the accounts whose mailbox is read, in account id order after `after`. */
  async listMailboxReaders(after: string | null, limit: number): Promise<MailboxReaderEntry[]> {
    const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
    const { data } = await this.client.call<{ data: MailboxReaderEntry[] }>(this.baseUrl, `/internal/mailbox-readers?${query}`);
    return data;
  }

  /** How to read the account's mailbox (secrets inside); 404 when reading is off, 409 when the grant cannot read. */
  async getMailboxAccess(accountId: string): Promise<MailboxAccess> {
    const { data } = await this.client.call<{ data: MailboxAccess }>(
      this.baseUrl,
      `/internal/accounts/${encodeURIComponent(accountId)}/mailbox`,
    );
    return data;
  }

  async reportFeedbackState(accountId: string, body: ReportFeedbackStateBody): Promise<void> {
    await this.client.call(this.baseUrl, `/internal/accounts/${encodeURIComponent(accountId)}/feedback-state`, {
      method: 'POST',
      body,
    });
  }
}
