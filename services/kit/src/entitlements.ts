// Reads a user's plan entitlements from billing, cached for a moment so hot paths do not call billing per request.
import type { Entitlements } from '@mailwright/contracts';
import type { InternalClient } from './internal-client';

export interface EntitlementsSource {
  /** `fresh` skips the cache: use it before refusing someone on a limit they may just have raised. */
  get(userId: string, options?: { fresh?: boolean }): Promise<Entitlements>;
  /** Drop the cached value so the next read sees a plan change at once. */
  forget(userId: string): void;
}

export class BillingEntitlements implements EntitlementsSource {
  private readonly cache = new Map<string, { value: Entitlements; expiresAt: number }>();

  constructor(
    private readonly client: InternalClient,
    private readonly billingUrl: string,
    private readonly ttlMs = 2_000,
  ) {}

  async get(userId: string, options: { fresh?: boolean } = {}): Promise<Entitlements> {
    const hit = options.fresh ? undefined : this.cache.get(userId);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const { data } = await this.client.call<{ data: Entitlements }>(
      this.billingUrl,
      `/internal/entitlements/${encodeURIComponent(userId)}`,
    );
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, { value: data, expiresAt: Date.now() + this.ttlMs });
    return data;
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }
}
