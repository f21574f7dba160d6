// Reads a user's plan entitlements from billing, cached for a moment so hot paths do not call billing per request.
import type { Entitlements } from '@mailwright/contracts';
import type { InternalClient } from './internal-client';

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
  private readonly cache = new Map<string, { value: Entitlements; fetchedAt: number }>();
  // One billing call per user at a time: when the entry ages, a burst of concurrent sends shares it.
  private readonly inFlight = new Map<string, Promise<Entitlements>>();
  /** Bumped by forget(): an answer requested before it is not cached. */
  private generation = 0;

  constructor(
    private readonly client: InternalClient,
    private readonly billingUrl: string,
    private readonly ttlMs = 2_000,
  ) {}

  async get(userId: string, options: EntitlementsRead = {}): Promise<Entitlements> {
    const { requestId } = options;
    if (options.fresh) return this.fetch(userId, requestId);
    const hit = this.cache.get(userId);
    const age = hit ? Date.now() - hit.fetchedAt : Number.POSITIVE_INFINITY;
    if (hit && age < this.ttlMs) {
      // In the second half of its life the entry is refreshed in the background, so a steady stream of
      // requests never waits on billing; no answer is ever older than ttlMs.
      if (age >= this.ttlMs / 2 && !this.inFlight.has(userId)) this.shared(userId, requestId).catch(() => {});
      return hit.value;
    }
    return this.shared(userId, requestId);
  }

  forget(userId: string): void {
    this.generation += 1;
    this.cache.delete(userId);
    this.inFlight.delete(userId);
  }

  private shared(userId: string, requestId?: string): Promise<Entitlements> {
    let pending = this.inFlight.get(userId);
    if (!pending) {
      pending = this.fetch(userId, requestId).finally(() => {
        if (this.inFlight.get(userId) === pending) this.inFlight.delete(userId);
      });
      this.inFlight.set(userId, pending);
    }
    return pending;
  }

  private async fetch(userId: string, requestId?: string): Promise<Entitlements> {
    const fetchedAt = Date.now();
    const generation = this.generation;
    const { data } = await this.client.call<{ data: Entitlements }>(
      this.billingUrl,
      `/internal/entitlements/${encodeURIComponent(userId)}`,
      { requestId },
    );
    if (this.cache.size > 50_000) this.cache.clear();
    const current = this.cache.get(userId);
    if (generation === this.generation && (!current || current.fetchedAt <= fetchedAt))
      this.cache.set(userId, { value: data, fetchedAt });
    return data;
  }
}
