// The accounts service as the mail service sees it: which account an email goes out from, and (for the
// worker) how to send as that account. Resolutions are cached for a few seconds: a busy sender would
// otherwise pay one internal round trip per email for the same answer.
import type { ResolvedAccount, Transport } from '@mailwright/contracts';
import type { InternalClient } from '@mailwright/kit';

export class AccountsClient {
  private readonly resolved = new Map<string, { value: ResolvedAccount; expiresAt: number }>();

  constructor(
    private readonly client: InternalClient,
    private readonly baseUrl: string,
    private readonly resolveTtlMs = 5_000,
  ) {}

  async resolve(userId: string, accountId: string | null): Promise<ResolvedAccount> {
    const cacheKey = `${userId}:${accountId ?? ''}`;
    const hit = this.resolved.get(cacheKey);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const { data } = await this.client.call<{ data: ResolvedAccount }>(this.baseUrl, '/internal/accounts/resolve', {
      method: 'POST',
      body: accountId ? { userId, accountId } : { userId },
    });
    if (this.resolved.size > 50_000) this.resolved.clear();
    this.resolved.set(cacheKey, { value: data, expiresAt: Date.now() + this.resolveTtlMs });
    return data;
  }

  async transport(accountId: string): Promise<Transport> {
    const { data } = await this.client.call<{ data: Transport }>(
      this.baseUrl,
      `/internal/accounts/${encodeURIComponent(accountId)}/transport`,
    );
    return data;
  }
}
