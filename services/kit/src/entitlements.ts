// Reads a user's plan entitlements from billing, cached for a moment so hot paths do not call billing per request.
import type { Entitlements } from '@mailwright/contracts';
import type { InternalClient } from './internal-client';
import { TtlCache } from './ttl-cache';

export interface EntitlementsRead {
  /** Skips the cache: use it before refusing someone on a limit they may just have raised. */
  fresh?: boolean;
  /** The request the read serves, forwarded to billing when the read calls it (a shared call forwards the first). */
  requestId?: string;
}

export interface EntitlementsSource {
  get(userId: string, options?: EntitlementsRead): Promise<Entitlements>;
  /** Drop the cached value so the next read sees a plan change at once. */
  forget(userId: string): void;
}

export class BillingEntitlements implements EntitlementsSource {
  // One billing call per user at a time: when the entry ages, a burst of concurrent sends shares it. In the second
  // half of its life an entry is refreshed in the background, so a steady stream of requests never waits on billing;
  // no answer is ever older than ttlMs.
  private readonly cache: TtlCache<string, Entitlements>;

  constructor(
    private readonly client: InternalClient,
    private readonly billingUrl: string,
    ttlMs = 2_000,
  ) {
    this.cache = new TtlCache({ ttlMs, refreshAfterMs: ttlMs / 2, maxEntries: 50_000 });
  }

  get(userId: string, options: EntitlementsRead = {}): Promise<Entitlements> {
    const load = () => this.fetch(userId, options.requestId);
    return options.fresh ? this.cache.refresh(userId, load) : this.cache.get(userId, load);
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }

  private async fetch(userId: string, requestId: string | undefined): Promise<Entitlements> {
    const { data } = await this.client.call<{ data: Entitlements }>(
      this.billingUrl,
      `/internal/entitlements/${encodeURIComponent(userId)}`,
      { requestId },
    );
    return data;
  }
}
